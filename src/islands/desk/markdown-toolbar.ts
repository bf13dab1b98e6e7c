/**
 * What each button of the desk's Markdown toolbar does to a textarea's text (pure: the island applies the
 * answer). `wrap` puts marks around the selection, `line` prefixes each selected line, `insert` puts a block at
 * the cursor on lines of its own.
 */
export type ToolbarCommand = 'h2' | 'h3' | 'bold' | 'italic' | 'bullets' | 'numbers' | 'link' | 'table';

export interface Edit {
  text: string;
  /** The selection after the edit. */
  start: number;
  end: number;
}

export const TABLE_MARKDOWN = '| Column | Column |\n| --- | --- |\n| | |';

function wrap(text: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const selected = text.slice(start, end) || placeholder;
  const next = text.slice(0, start) + before + selected + after + text.slice(end);
  return { text: next, start: start + before.length, end: start + before.length + selected.length };
}

function prefixLines(text: string, start: number, end: number, prefix: (index: number) => string): Edit {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const block = text.slice(lineStart, end);
  const lines = block.split('\n').map((line, i) => prefix(i) + line.replace(/^(#{1,6} |[-*] |\d+\. )/, ''));
  const replaced = lines.join('\n');
  return {
    text: text.slice(0, lineStart) + replaced + text.slice(end),
    start: lineStart,
    end: lineStart + replaced.length,
  };
}

/** A block (a table, an image) on lines of its own at the cursor. */
export function insertBlock(text: string, at: number, block: string): Edit {
  const before = text.slice(0, at);
  const after = text.slice(at);
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const next = before + lead + block + trail + after;
  const startOfBlock = before.length + lead.length;
  return { text: next, start: startOfBlock, end: startOfBlock + block.length };
}

export function applyCommand(text: string, start: number, end: number, command: ToolbarCommand, url = ''): Edit {
  switch (command) {
    case 'bold':
      return wrap(text, start, end, '**', '**', 'text');
    case 'italic':
      return wrap(text, start, end, '_', '_', 'text');
    case 'link':
      return wrap(text, start, end, '[', `](${url || 'https://'})`, 'link');
    case 'h2':
      return prefixLines(text, start, end, () => '## ');
    case 'h3':
      return prefixLines(text, start, end, () => '### ');
    case 'bullets':
      return prefixLines(text, start, end, () => '- ');
    case 'numbers':
      return prefixLines(text, start, end, (i) => `${i + 1}. `);
    case 'table':
      return insertBlock(text, end, TABLE_MARKDOWN);
  }
}
