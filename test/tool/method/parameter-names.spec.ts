import { readParameterNames } from '../../../lib/tool/method/parameter-names';

describe('readParameterNames', () => {
  it.each([
    [
      'plain',
      function (city: string, unit: string) {
        return city + unit;
      },
      ['city', 'unit'],
    ],
    [
      'defaults with brackets and strings',
      function (a = f(1, [2]), b = ')', c = `,${'('}`) {
        return [a, b, c];
      },
      ['a', 'b', 'c'],
    ],
    [
      'a method',
      {
        go(first: number, /* note */ second: number) {
          return first + second;
        },
      }.go,
      ['first', 'second'],
    ],
    [
      'destructuring and rest',
      function ({ id }: { id: string }, ...rest: unknown[]) {
        return [id, rest];
      },
      [undefined, undefined],
    ],
    [
      'none',
      function () {
        return 1;
      },
      [],
    ],
    ['native', Math.max, []],
  ])('%s', (_name, fn, expected) => {
    expect(readParameterNames(fn as Function)).toEqual(expected);
  });
});

function f(...values: unknown[]): unknown {
  return values;
}
