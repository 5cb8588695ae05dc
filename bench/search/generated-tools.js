'use strict';
/**
 * Realistic filler for the 500- and 5,000-tool sets: the CRUD-style tools that MCP servers of business systems expose
 * (`jira_assign_sprint`, `hubspot_export_deals`…), 62 systems × 8 entities × 10 actions, in a fixed order that
 * takes one tool of each system in turn, so that any prefix spans every domain.
 */
const SYSTEMS = [
  ['salesforce', 'CRM', 'account, opportunity, campaign, quote, contract, territory, forecast, price book'],
  [
    'hubspot',
    'marketing hub',
    'deal, contact list, form, landing page, email template, workflow, company, sequence',
  ],
  [
    'zendesk',
    'help desk',
    'macro, trigger, view, sla policy, agent group, satisfaction survey, knowledge article, brand',
  ],
  ['jira', 'issue tracker', 'sprint, epic, board, version, component, worklog, filter, project role'],
  ['confluence', 'wiki', 'page, space, blog post, attachment, label, template, comment thread, page tree'],
  ['github', 'code host', 'pull request, branch, release, workflow run, deploy key, webhook, gist, team'],
  [
    'gitlab',
    'DevOps platform',
    'merge request, pipeline, runner, milestone, snippet, environment, protected branch, group',
  ],
  ['jenkins', 'CI server', 'job, build, node, credential, plugin, view, folder, agent label'],
  [
    'pagerduty',
    'on-call service',
    'incident, schedule, escalation policy, service, integration, maintenance window, responder, team',
  ],
  [
    'datadog',
    'monitoring service',
    'monitor, dashboard, metric, synthetic test, notebook, slo, downtime, api key',
  ],
  [
    'aws_ec2',
    'AWS EC2',
    'instance, security group, key pair, volume, snapshot, elastic ip, launch template, placement group',
  ],
  [
    'aws_s3',
    'AWS S3',
    'bucket, object, lifecycle rule, bucket policy, access point, inventory report, replication rule, cors rule',
  ],
  [
    'kubernetes',
    'Kubernetes cluster',
    'deployment, pod, config map, secret, ingress, namespace, cron job, persistent volume',
  ],
  [
    'terraform',
    'Terraform Cloud',
    'workspace, run, state version, variable set, policy set, module, provider, agent pool',
  ],
  [
    'stripe',
    'payments platform',
    'customer, subscription, payment intent, payout, dispute, coupon, tax rate, product',
  ],
  [
    'quickbooks',
    'accounting ledger',
    'bill, vendor, journal entry, account, purchase order, estimate, credit memo, deposit',
  ],
  [
    'xero',
    'bookkeeping app',
    'bank transaction, contact group, tracking category, manual journal, budget, asset, repeating invoice, overpayment',
  ],
  [
    'workday',
    'HR system',
    'worker, position, job profile, organization, compensation plan, benefit plan, time entry, absence plan',
  ],
  [
    'bamboohr',
    'people directory',
    'employee file, training record, onboarding task, goal, asset record, custom report, time off policy, headcount plan',
  ],
  [
    'greenhouse',
    'recruiting system',
    'candidate, application, job post, interview, scorecard, offer, department, prospect pool',
  ],
  [
    'shopify',
    'online store',
    'product, variant, collection, fulfillment, customer segment, gift card, price rule, metafield',
  ],
  [
    'magento',
    'e-commerce backend',
    'catalog rule, attribute set, store view, cms block, category, cart rule, shipping table rate, review',
  ],
  [
    'netsuite',
    'ERP',
    'item receipt, sales order, transfer order, work order, bin, assembly build, landed cost, subsidiary',
  ],
  [
    'sap',
    'ERP suite',
    'material master, cost center, profit center, goods receipt, delivery note, billing document, purchase requisition, plant',
  ],
  [
    'servicenow',
    'IT service management',
    'change request, problem record, configuration item, catalog item, knowledge base, assignment group, incident task, approval',
  ],
  [
    'okta',
    'identity provider',
    'user, group, application, policy, authorization server, identity provider, network zone, event hook',
  ],
  [
    'auth0',
    'login service',
    'connection, rule, action, tenant setting, client grant, organization, role, log stream',
  ],
  [
    'twilio',
    'messaging API',
    'phone number, messaging service, call recording, conference, sip trunk, flow, verify service, short code',
  ],
  [
    'sendgrid',
    'e-mail delivery',
    'template, suppression list, sender identity, ip pool, api key, subuser, contact, segment',
  ],
  [
    'mailchimp',
    'newsletter tool',
    'audience, campaign, automation, tag, merge field, interest category, landing page, report',
  ],
  [
    'google_ads',
    'ad platform',
    'ad group, keyword, ad extension, budget, bidding strategy, conversion action, audience, asset',
  ],
  [
    'meta_ads',
    'social ads',
    'ad set, creative, pixel, custom audience, lead form, catalog, ad rule, insight report',
  ],
  ['notion', 'notes app', 'database, page, block, comment, user, integration, template, synced block'],
  ['asana', 'task manager', 'task, project, section, portfolio, goal, tag, custom field, team'],
  ['trello', 'kanban board', 'card, list, board, checklist, label, power up, member, webhook'],
  ['airtable', 'spreadsheet database', 'base, table, record, view, field, automation, interface, webhook'],
  ['snowflake', 'data warehouse', 'warehouse, database, schema, stage, pipe, stream, task, role'],
  [
    'bigquery',
    'analytics warehouse',
    'dataset, table, view, routine, job, reservation, scheduled query, model',
  ],
  ['tableau', 'BI tool', 'workbook, data source, extract refresh, subscription, site, project, flow, metric'],
  [
    'looker',
    'BI platform',
    'look, explore, dashboard tile, model set, schedule, folder, content favorite, board',
  ],
  [
    'segment',
    'customer data platform',
    'source, destination, tracking plan, audience, computed trait, function, warehouse sync, regulation',
  ],
  [
    'mixpanel',
    'product analytics',
    'cohort, funnel, report, annotation, lookup table, custom event, board, experiment',
  ],
  [
    'intercom',
    'customer messenger',
    'conversation, admin, team, article, collection, data attribute, news item, outbound message',
  ],
  [
    'docusign',
    'e-signature service',
    'envelope, template, recipient, document, tab, bulk send, powerform, signing group',
  ],
  [
    'box',
    'content cloud',
    'file version, collaboration, metadata template, retention policy, legal hold, web link, watermark, collection',
  ],
  [
    'dropbox',
    'file sync',
    'paper doc, file request, shared link, team folder, namespace, member, device session, file lock',
  ],
  [
    'zoom',
    'video meetings',
    'webinar, meeting, recording, room, participant report, registrant, poll, breakout room',
  ],
  [
    'calendly',
    'scheduling page',
    'event type, invitee, routing form, availability schedule, webhook subscription, organization membership, one off link, no show',
  ],
  ['linear', 'issue planner', 'cycle, issue, label, project update, roadmap, triage rule, view, initiative'],
  [
    'sentry',
    'error tracker',
    'issue, event, release, alert rule, project key, team member, replay, cron monitor',
  ],
  [
    'cloudflare',
    'edge network',
    'dns record, firewall rule, page rule, worker route, zone, waf rule, certificate, tunnel',
  ],
  [
    'vercel',
    'frontend hosting',
    'deployment, domain, environment variable, alias, project, log drain, edge config, team',
  ],
  [
    'mongodb_atlas',
    'database service',
    'cluster, database user, ip access entry, backup snapshot, search index, alert configuration, private endpoint, project',
  ],
  [
    'postgres_admin',
    'database admin',
    'role, extension, replication slot, publication, subscription, tablespace, index, vacuum job',
  ],
  [
    'epic_ehr',
    'hospital records system',
    'encounter, medication order, lab result, allergy, immunization, care plan, referral, problem list',
  ],
  [
    'athena_billing',
    'medical billing',
    'claim, remittance advice, eligibility check, patient statement, payer contract, fee schedule, prior authorization, denial',
  ],
  [
    'fleetio',
    'fleet management',
    'vehicle, inspection, fuel entry, service reminder, work order, part, issue, meter entry',
  ],
  [
    'procore',
    'construction management',
    'rfi, submittal, punch item, daily log, drawing, inspection, change order, meeting minute',
  ],
  [
    'canvas_lms',
    'learning platform',
    'course, assignment, quiz, module, enrollment, rubric, discussion topic, grade book',
  ],
  [
    'yardi',
    'property management',
    'lease, tenant, unit, work order, rent charge, move in, inspection, vendor invoice',
  ],
  [
    'toast_pos',
    'restaurant point of sale',
    'menu item, modifier group, check, table section, shift, discount, tip pool, employee',
  ],
  [
    'opentable_admin',
    'reservation desk',
    'booking, waitlist entry, floor plan, shift, guest profile, experience, deposit policy, turn time',
  ],
];

const ACTIONS = [
  [
    'list',
    (e, es, sys) => `Lists the ${es} in the ${sys}, filtered by status and date, a page at a time.`,
    {
      status: 'Only items in this status',
      createdAfter: 'Only items created after this date',
      page: 'Page number',
    },
  ],
  [
    'get',
    (e, es, sys) => `Reads one ${e} from the ${sys} by its id, with all of its fields.`,
    { id: 'The id' },
  ],
  [
    'create',
    (e, es, sys) => `Creates a new ${e} in the ${sys}.`,
    { name: 'Display name', ownerId: 'Owner user id', notes: 'Free text' },
  ],
  [
    'update',
    (e, es, sys) => `Changes fields of an existing ${e} in the ${sys}.`,
    { id: 'The id', fields: 'The fields to change, as JSON' },
  ],
  ['delete', (e, es, sys) => `Deletes a ${e} from the ${sys}; this cannot be undone.`, { id: 'The id' }],
  [
    'archive',
    (e, es, sys) => `Archives a ${e} in the ${sys}: hidden from active views but kept for the record.`,
    { id: 'The id' },
  ],
  [
    'export',
    (e, es, sys) => `Exports ${es} from the ${sys} as CSV or JSON.`,
    { format: 'csv or json', since: 'Only changes since this date' },
  ],
  [
    'assign',
    (e, es, sys) => `Assigns a ${e} in the ${sys} to a user or a team.`,
    { id: 'The id', assignee: 'User or team id' },
  ],
  [
    'comment',
    (e, es, sys) => `Adds a comment to a ${e} in the ${sys}.`,
    { id: 'The id', text: 'The comment' },
  ],
  [
    'count',
    (e, es, sys) => `Counts the ${es} in the ${sys}, grouped by a field.`,
    { groupBy: 'Field to group by' },
  ],
];

const plural = (entity) =>
  /(s|x|ch|sh)$/.test(entity)
    ? `${entity}es`
    : /[^aeiou]y$/.test(entity)
      ? `${entity.slice(0, -1)}ies`
      : `${entity}s`;

function generatedTools() {
  const perSystem = SYSTEMS.map(([system, label, entityText]) => {
    const tools = [];
    for (const entity of entityText.split(', ')) {
      for (const [action, describe, params] of ACTIONS) {
        const snake = entity.replace(/ /g, '_');
        tools.push([
          `${system}_${action}_${action === 'list' || action === 'export' || action === 'count' ? plural(snake) : snake}`,
          describe(entity, plural(entity), label),
          Object.fromEntries(
            Object.entries(params).map(([name, text]) => [
              name,
              ['string', text.replace('The id', `The ${entity} id`)],
            ]),
          ),
        ]);
      }
    }
    return tools;
  });
  const ordered = [];
  const seen = new Set();
  for (let i = 0; ordered.length < 80 * SYSTEMS.length && i < 80; i++) {
    for (const tools of perSystem) {
      const tool = tools[i];
      if (tool && !seen.has(tool[0])) {
        seen.add(tool[0]);
        ordered.push(tool);
      }
    }
  }
  return ordered;
}

module.exports = { generatedTools };
