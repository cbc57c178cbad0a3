import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-imports.ts');
const tsx = path.resolve('node_modules/.bin/tsx');
const made: string[] = [];

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'imports-'));
  made.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const check = (root: string) => spawnSync(tsx, [script, '--root', root], { encoding: 'utf8' });

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import rules of DESIGN.md', () => {
  it('should pass a tree whose imports point one way', () => {
    const root = tree({
      'src/core/money.ts': 'export const x = 1;',
      'machines/a/machine.ts': "import { x } from '../../src/core/money';\nimport { setup } from 'xstate';",
      'src/app/App.tsx': "import { x } from '../core/money';\nimport m from '../../machines/a/machine';\nimport React from 'react';",
      'src/server/app.ts': "import { x } from '../core/money';\nimport Fastify from 'fastify';",
    });
    const run = check(root);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('should fail on every wrong arrow and on effects in the pure rooms', () => {
    const root = tree({
      'src/core/money.ts': "import { y } from '../app/y';\nimport crypto from 'node:crypto';",
      'machines/a/machine.ts': "import { useState } from 'react';\nimport { db } from '../../src/server/db';",
      'src/app/App.tsx': "import { db } from '../server/db';",
      'src/server/app.ts': "import { m } from '../../machines/a/machine';\nconst lazy = import('../app/App');",
      'src/app/y.ts': 'export const y = 1;',
      'src/server/db.ts': 'export const db = 1;',
    });
    const run = check(root);
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n').slice(1).map((l) => l.trim());
    expect(lines).toEqual(
      expect.arrayContaining([
        'src/core/money.ts: imports "../app/y": core may not import app',
        'src/core/money.ts: imports "node:crypto": core must stay free of this package',
        'machines/a/machine.ts: imports "react": machines must stay free of this package',
        'machines/a/machine.ts: imports "../../src/server/db": machines may not import server',
        'src/app/App.tsx: imports "../server/db": app may not import server',
        'src/server/app.ts: imports "../../machines/a/machine": server may not import machines',
        'src/server/app.ts: imports "../app/App": server may not import app',
      ]),
    );
    expect(lines).toHaveLength(7);
  });
});
