// Lazily attached commands: only the one a command line names is loaded; the others still list in --help.
import { Command } from '@commander-js/extra-typings';
import { describe, expect, it } from 'vitest';
import { attachLazily, type LazyCommand, operands } from '../../src/cli/lazy.js';

describe('operands', () => {
  const values = new Set(['--profile', '--api-key-file']);
  it('skips options and the values of value options, and drops a leading help', () => {
    expect(operands(['--json', 'bs', '--api-key-file', 'k', 'comments', 'ls', 'p1'], values)).toEqual([
      'bs',
      'comments',
      'ls',
      'p1',
    ]);
    expect(operands(['help', 'bs', 'comments'], values)).toEqual(['bs', 'comments']);
    expect(operands(['bs', 'help', 'comments'], values)).toEqual(['bs', 'comments']);
    expect(operands(['bs', 'reply', 'help', 'text'], values)).toEqual(['bs', 'reply', 'help', 'text']);
    expect(operands(['--profile', 'bs', 'gas', '--', 'x'], values)).toEqual(['gas']);
  });
});

describe('attachLazily', () => {
  function nouns(loaded: string[]): LazyCommand[] {
    return ['projects', 'comments'].map((name) => ({
      name,
      summary: `the ${name}`,
      load: async () => {
        loaded.push(name);
        return { define: (parent) => void parent.command(name).description(`real ${name}`) };
      },
    }));
  }

  it('loads only the named command and lists the others from their summary', async () => {
    const loaded: string[] = [];
    const parent = new Command('bs');
    await attachLazily(parent, nouns(loaded), 'comments');
    expect(loaded).toEqual(['comments']);
    expect(parent.commands.map((c) => [c.name(), c.description()])).toEqual([
      ['projects', 'the projects'],
      ['comments', 'real comments'],
    ]);
  });

  it('loads none when none is named (`bs --help`)', async () => {
    const loaded: string[] = [];
    const parent = new Command('bs');
    await attachLazily(parent, nouns(loaded), undefined);
    expect(loaded).toEqual([]);
    expect(parent.helpInformation()).toContain('the comments');
  });
});
