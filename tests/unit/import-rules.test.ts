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

describe('import rules of docs/architecture.md', () => {
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

  describe('features of src/app (bulletproof-react)', () => {
    const app = {
      'src/app/components/ui/QrCode.tsx': 'export const QrCode = 1;',
      'src/app/components/forms/Field.tsx': "import { QrCode } from '../ui/QrCode';",
      'src/app/components/account/TwoFactorPanel.tsx': "import { QrCode } from '../ui/QrCode';\nimport { Field } from '../forms/Field';",
      'src/app/components/wallet/CashierModal.tsx': "import { QrCode } from '../ui/QrCode';\nimport { cashier } from '../../actors/cashier';",
      'src/app/components/shell/Shell.tsx': "import { CashierModal } from '../wallet/CashierModal';",
      'src/app/actors/cashier.ts': 'export const cashier = 1;',
      'src/app/routes/account/AccountPage.tsx': "import { TwoFactorPanel } from '../../components/account/TwoFactorPanel';",
      'src/app/routes/pages.tsx': "const page = import('./account/AccountPage');",
    };

    it('should let features use shared folders and app-wide layers, and routes and the frame compose features', () => {
      const run = check(tree(app));
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    });

    it("should fail when a feature's file imports another feature's, a route, or when shared code points back", () => {
      const run = check(
        tree({
          ...app,
          'src/app/components/wallet/CashierModal.tsx': "import { TwoFactorPanel } from '../account/TwoFactorPanel';",
          'src/app/components/account/PasswordForm.tsx': "import { AccountPage } from '../../routes/account/AccountPage';\nimport { Shell } from '../shell/Shell';",
          'src/app/components/ui/Avatar.tsx': "const lazy = import('../account/TwoFactorPanel');",
          'src/app/routes/token/TokenPage.tsx': "import { AccountPage } from '../account/AccountPage';",
          'src/app/actors/seed.ts': "import { Field } from '../components/forms/Field';",
        }),
      );
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n').slice(1).map((l) => l.trim());
      expect(lines.sort()).toEqual([
        'src/app/actors/seed.ts: imports "../components/forms/Field": actors may not import shared forms',
        'src/app/components/account/PasswordForm.tsx: imports "../../routes/account/AccountPage": feature account may not import routes',
        'src/app/components/account/PasswordForm.tsx: imports "../shell/Shell": feature account may not import frame shell (move what both use to a shared folder)',
        'src/app/components/ui/Avatar.tsx: imports "../account/TwoFactorPanel": shared ui may not import feature account',
        'src/app/components/wallet/CashierModal.tsx: imports "../account/TwoFactorPanel": feature wallet may not import feature account (move what both use to a shared folder)',
        'src/app/routes/token/TokenPage.tsx: imports "../account/AccountPage": route folder token may not import route folder account',
      ]);
    });
  });
});
