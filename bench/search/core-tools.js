'use strict';
/**
 * The 50 tools the query set (queries.json) is written for, across many domains, as an app would describe them.
 * Each is [name, description, { param: [type, description] }].
 */
const S = 'string';
const N = 'number';
const B = 'boolean';

const CORE_TOOLS = [
  [
    'getWeatherForecast',
    'Forecast for a city over the next days: temperature, chance of rain, wind.',
    { city: [S, 'City name'], days: [N, 'How many days ahead, 1 to 10'] },
  ],
  [
    'getAirQuality',
    'Current air quality index and main pollutants (PM2.5, ozone) at a location.',
    { city: [S, 'City name'] },
  ],
  [
    'convertCurrency',
    'Converts an amount between two currencies at the current exchange rate.',
    {
      amount: [N, 'Amount to convert'],
      from: [S, 'ISO 4217 code of the source currency'],
      to: [S, 'ISO 4217 code of the target currency'],
    },
  ],
  [
    'getStockQuote',
    'Latest share price, daily change and volume of a listed company by ticker symbol.',
    { symbol: [S, 'Ticker symbol, e.g. AAPL'] },
  ],
  [
    'searchFlights',
    'Finds flights between two airports on a date, with prices and stops.',
    {
      origin: [S, 'IATA code of the departure airport'],
      destination: [S, 'IATA code of the arrival airport'],
      date: [S, 'Departure date, YYYY-MM-DD'],
      passengers: [N, 'Number of travellers'],
    },
  ],
  [
    'bookHotelRoom',
    'Reserves a hotel room for given check-in and check-out dates.',
    {
      hotelId: [S, 'Hotel identifier'],
      checkIn: [S, 'Arrival date'],
      checkOut: [S, 'Departure date'],
      guests: [N, 'Number of guests'],
    },
  ],
  [
    'rentCar',
    'Books a rental car at a pick-up location for a period.',
    {
      location: [S, 'Pick-up branch or airport'],
      from: [S, 'Pick-up date'],
      to: [S, 'Return date'],
      category: [S, 'compact, suv, van…'],
    },
  ],
  [
    'getTrainTimetable',
    'Departures of trains between two stations, with platforms and delays.',
    { from: [S, 'Departure station'], to: [S, 'Arrival station'], time: [S, 'Earliest departure time'] },
  ],
  [
    'track_shipment',
    'Where a parcel is now and its expected delivery date, from the carrier.',
    { trackingNumber: [S, 'Carrier tracking number'] },
  ],
  [
    'refund_order',
    'Gives a customer their money back for an order, in full or in part.',
    { orderId: [S, 'Order id'], amount: [N, 'Amount to give back; all when omitted'], reason: [S, 'Why'] },
  ],
  ['cancel_order', 'Cancels an order that has not shipped yet.', { orderId: [S, 'Order id'] }],
  [
    'apply_discount_code',
    'Applies a promotional coupon to a shopping cart.',
    { cartId: [S, 'Cart id'], code: [S, 'Coupon code'] },
  ],
  ['checkInventory', 'How many units of a product are in stock, per warehouse.', { sku: [S, 'Product SKU'] }],
  [
    'createInvoice',
    'Issues an invoice to a client for billable items, with tax.',
    { clientId: [S, 'Client id'], items: [S, 'Line items'], dueDate: [S, 'Payment due date'] },
  ],
  [
    'listUnpaidInvoices',
    'Invoices past their due date that have not been paid, by client.',
    { clientId: [S, 'Client id, optional'] },
  ],
  [
    'submitExpenseReport',
    'Files an expense claim with receipts for reimbursement.',
    {
      amount: [N, 'Total'],
      category: [S, 'travel, meals, equipment…'],
      receiptUrl: [S, 'Scan of the receipt'],
    },
  ],
  [
    'requestTimeOff',
    'Asks for vacation or leave days; goes to the manager for approval.',
    { startDate: [S, 'First day off'], endDate: [S, 'Last day off'], type: [S, 'vacation, sick, parental…'] },
  ],
  ['getPayslip', "An employee's salary statement for a month.", { month: [S, 'YYYY-MM'] }],
  [
    'createCalendarEvent',
    'Puts a meeting or appointment in a calendar and invites attendees.',
    {
      title: [S, 'Title'],
      start: [S, 'Start time'],
      durationMinutes: [N, 'Length'],
      attendees: [S, 'E-mail addresses'],
    },
  ],
  [
    'findFreeMeetingSlot',
    'Finds times when all given people are available.',
    {
      attendees: [S, 'E-mail addresses'],
      durationMinutes: [N, 'Length of the meeting'],
      withinDays: [N, 'Search window'],
    },
  ],
  [
    'sendEmail',
    'Sends an e-mail message to one or more recipients.',
    { to: [S, 'Recipients'], subject: [S, 'Subject line'], body: [S, 'Message text'] },
  ],
  [
    'postSlackMessage',
    'Posts a message in a team chat channel.',
    { channel: [S, 'Channel name'], text: [S, 'Message'] },
  ],
  [
    'translateText',
    'Translates text into another language.',
    { text: [S, 'Text to translate'], targetLanguage: [S, 'Language code, e.g. fr'] },
  ],
  [
    'summarizeDocument',
    'Makes a short summary of a long document or web page.',
    { url: [S, 'Where the document is'], maxWords: [N, 'Length of the summary'] },
  ],
  [
    'resetPassword',
    'Sends a link to choose a new password to a user who is locked out.',
    { email: [S, "The user's e-mail"] },
  ],
  [
    'enableTwoFactorAuth',
    'Turns on two-step verification with an authenticator app for an account.',
    { userId: [S, 'User id'] },
  ],
  [
    'closeAccount',
    'Closes a customer account for good and erases its personal data.',
    { accountId: [S, 'Account id'], confirm: [B, 'Must be true'] },
  ],
  [
    'updateShippingAddress',
    'Changes the delivery address saved on a customer profile.',
    { customerId: [S, 'Customer id'], address: [S, 'New postal address'] },
  ],
  [
    'openSupportTicket',
    'Opens a case with customer support describing a problem.',
    {
      subject: [S, 'Short title'],
      description: [S, 'What went wrong'],
      priority: [S, 'low, normal, urgent'],
    },
  ],
  [
    'escalateTicket',
    'Hands a support case to a senior team and raises its priority.',
    { ticketId: [S, 'Case id'], reason: [S, 'Why'] },
  ],
  [
    'deployService',
    'Rolls out a new version of a service to an environment.',
    {
      service: [S, 'Service name'],
      version: [S, 'Version or git tag'],
      environment: [S, 'staging or production'],
    },
  ],
  [
    'rollbackDeployment',
    'Returns a service to its previous release after a bad rollout.',
    { service: [S, 'Service name'], environment: [S, 'staging or production'] },
  ],
  [
    'queryLogs',
    'Searches application logs for a pattern within a time range.',
    { service: [S, 'Service name'], pattern: [S, 'Text or regex'], since: [S, 'Start of the range'] },
  ],
  ['restartServer', 'Reboots a virtual machine or container host.', { host: [S, 'Host name'] }],
  [
    'getServiceUptime',
    'Availability percentage and incidents of a service over a period.',
    { service: [S, 'Service name'], days: [N, 'Period length'] },
  ],
  [
    'createGithubIssue',
    'Files a bug report or feature request in a code repository tracker.',
    { repository: [S, 'owner/name'], title: [S, 'Title'], body: [S, 'Details'] },
  ],
  [
    'runSqlQuery',
    'Runs a read-only SQL query against the analytics warehouse.',
    { sql: [S, 'The SELECT statement'] },
  ],
  [
    'getDirections',
    'Route, distance and travel time from one place to another by car, foot or transit.',
    { from: [S, 'Start address'], to: [S, 'Destination address'], mode: [S, 'driving, walking, transit'] },
  ],
  [
    'findNearbyRestaurants',
    'Restaurants near a location, filtered by cuisine and price.',
    { location: [S, 'Address or coordinates'], cuisine: [S, 'e.g. thai'], maxPrice: [N, '1 to 4'] },
  ],
  [
    'setThermostat',
    'Sets the target temperature of a smart home thermostat.',
    { room: [S, 'Room'], celsius: [N, 'Target temperature'] },
  ],
  [
    'turnOnLights',
    'Switches smart lights on or off and sets their brightness.',
    { room: [S, 'Room'], on: [B, 'On or off'], brightness: [N, '0 to 100'] },
  ],
  [
    'playMusic',
    'Plays a song, album, artist or playlist on a speaker.',
    { query: [S, 'What to play'], speaker: [S, 'Which speaker'] },
  ],
  [
    'setReminder',
    'Reminds the user of something at a given time.',
    { text: [S, 'What to remember'], at: [S, 'When'] },
  ],
  [
    'findRecipe',
    'Recipes that use given ingredients or fit a diet.',
    { ingredients: [S, 'Ingredients at hand'], diet: [S, 'vegan, gluten-free…'] },
  ],
  [
    'logWorkout',
    'Records an exercise session: activity, duration and calories.',
    { activity: [S, 'running, cycling…'], minutes: [N, 'Duration'] },
  ],
  [
    'bookDoctorAppointment',
    'Schedules a visit with a physician or specialist.',
    { specialty: [S, 'e.g. dermatology'], date: [S, 'Preferred date'] },
  ],
  [
    'getNewsHeadlines',
    'Top news stories on a topic or from a country.',
    { topic: [S, 'Topic'], country: [S, 'Country code'] },
  ],
  [
    'uploadFile',
    'Stores a file in the shared drive folder.',
    { folder: [S, 'Destination folder'], fileName: [S, 'Name'], contentBase64: [S, 'File content'] },
  ],
  [
    'shareFolder',
    'Gives another person access to a drive folder.',
    { folder: [S, 'Folder'], email: [S, 'Who'], permission: [S, 'view or edit'] },
  ],
  [
    'createCrmLead',
    'Adds a potential customer to the sales pipeline.',
    { company: [S, 'Company'], contactName: [S, 'Contact person'], email: [S, 'E-mail'] },
  ],
];

module.exports = { CORE_TOOLS };
