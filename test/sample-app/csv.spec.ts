import { csvCell, toCsv } from '../../sample-app/src/tickets/csv';

describe('the sample’s CSV export', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises a cell a spreadsheet would run as a formula: %j', (title, cell) => {
    expect(csvCell(title)).toBe(cell);
  });

  it('leaves ordinary text and numbers as they are, quoting only what needs it', () => {
    expect(csvCell('Printer on floor 3 is jammed')).toBe('Printer on floor 3 is jammed');
    expect(csvCell('VPN, again')).toBe('"VPN, again"');
    expect(csvCell('a "quoted" word')).toBe('"a ""quoted"" word"');
    expect(csvCell('2 + 2 = 4')).toBe('2 + 2 = 4');
    expect(csvCell(-3)).toBe('-3');
  });

  it('builds a document row by row', () => {
    expect(
      toCsv(
        ['id', 'title'],
        [
          [1, '=cmd'],
          [2, 'ok'],
        ],
      ),
    ).toBe("id,title\n1,'=cmd\n2,ok");
  });
});
