// Reading the services CSV: rows with their spreadsheet line, and the problems of the file's shape.
import { describe, expect, it } from 'vitest';
import { formatProblems, parseServicesCsv, problemOfPath } from './services-csv';

const HEADER = 'name,category,price,duration,description';

describe('reading a services CSV', () => {
  it('numbers rows as a spreadsheet does, counting blank rows and keeping a quoted line break in its row', () => {
    const csv = `\uFEFF${HEADER}\r\nLash Lift,Make up,35,40,Curled lashes\r\n\r\n,,,,\r\n"Brow ""Wow""",cosmetology,15,20,"Two lines\r\nof text"\r\nLast,Nail care,1,5,x\r\n`;
    const { rows, problems } = parseServicesCsv(csv);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        cells: { name: 'Lash Lift', category: 'Make up', price: '35', duration: '40', description: 'Curled lashes' },
      },
      {
        line: 5,
        cells: {
          name: 'Brow "Wow"',
          category: 'cosmetology',
          price: '15',
          duration: '20',
          description: 'Two lines\r\nof text',
        },
      },
      { line: 6, cells: { name: 'Last', category: 'Nail care', price: '1', duration: '5', description: 'x' } },
    ]);
  });

  it('reads the column names in any letter case and spacing, with the optional ones', () => {
    const { rows, problems } = parseServicesCsv(
      'Name, Category ,PRICE,Duration,Description,Buffer Minutes,image\nA,Make up,1,2,d,5,a.jpg\n',
    );
    expect(problems).toEqual([]);
    expect(rows[0]?.cells).toEqual({
      name: 'A',
      category: 'Make up',
      price: '1',
      duration: '2',
      description: 'd',
      bufferMinutes: '5',
      image: 'a.jpg',
    });
  });

  it('reports unknown, repeated and missing columns on line 1', () => {
    const { rows, problems } = parseServicesCsv(
      'name,colour,category,name,duration,description\nA,red,Make up,A,2,d\n',
    );
    expect(rows).toEqual([]);
    expect(formatProblems(problems)).toBe(
      [
        'line 1: unknown column "colour" (the columns are name, category, price, duration, description, bufferMinutes, image)',
        'line 1: the column "name" appears twice',
        'line 1: the column "price" is missing',
      ].join('\n'),
    );
  });

  it('reports a row with more or fewer values than the header has columns', () => {
    const { rows, problems } = parseServicesCsv(`${HEADER}\nA,Make up,1,2,d\nB,Make up,1,2,d,extra\nC,Make up\n`);
    expect(rows.map((row) => row.line)).toEqual([2]);
    expect(formatProblems(problems)).toBe(
      'line 3: 6 values, but the header has 5 columns\nline 4: 2 values, but the header has 5 columns',
    );
  });

  it('reports a quote that is never closed on the line where its value starts', () => {
    const { problems } = parseServicesCsv(`${HEADER}\nA,Make up,1,2,d\nB,Make up,1,2,"never closed\nC,Make up,1,2,d\n`);
    expect(formatProblems(problems)).toBe('line 3: a quoted value is never closed (a " is missing)');
  });

  it('reports a stray quote inside a value', () => {
    const { problems } = parseServicesCsv(`${HEADER}\nA,Make up,1,2,d\nB,Make up,1,2,"quoted" then not\n`);
    expect(formatProblems(problems)).toBe(
      'line 3: text follows the closing quote of a value; put the whole value in double quotes and double every " inside it',
    );
  });

  it('says so when there is no header or no service', () => {
    expect(formatProblems(parseServicesCsv('').problems)).toMatch(/^line 1: the header row is missing/);
    expect(formatProblems(parseServicesCsv(`${HEADER}\n`).problems)).toBe(
      'the file has no services (only a header row)',
    );
  });

  it("reads a field error's path back as its line and field", () => {
    expect(problemOfPath('line 4.price', 'Price must be a number')).toEqual({
      line: 4,
      field: 'price',
      message: 'Price must be a number',
    });
    expect(problemOfPath('rows', 'There are no services to import')).toEqual({
      message: 'There are no services to import',
    });
    expect(formatProblems([problemOfPath('line 4.price', 'Price must be a number')])).toBe(
      'line 4, price: Price must be a number',
    );
  });
});
