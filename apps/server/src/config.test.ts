import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, persistentSecret } from './config.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'arb-config-'));

describe('configuration', () => {
  it('applies docs/architecture.md defaults and generates a JWT secret kept in DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.PORT).toBe(3000);
    expect(c.APP_URL).toBe('http://localhost:3000');
    expect(c.REQUIRE_EMAIL_VERIFICATION).toBe(true);
    expect(c.MEMBERSHIP_REQUIRED).toBe(false);
    expect(c.APP_TIMEZONE).toBe('America/Caracas');
    expect(c.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).JWT_SECRET).toBe(c.JWT_SECRET);
  });

  // Issue 17: the generated jwt-secret is written atomically and a short one is refused.
  it('writes the secret file whole, leaves no temporary file, and refuses a secret under 32 characters', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'arb-secret-'));
    const first = persistentSecret(dir, 'jwt-secret');
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(persistentSecret(dir, 'jwt-secret')).toBe(first);
    expect(readdirSync(dir)).toEqual(['jwt-secret']);
    writeFileSync(path.join(dir, 'jwt-secret'), 'x'.repeat(31) + '\n');
    expect(() => persistentSecret(dir, 'jwt-secret')).toThrow(/31 characters; at least 32/);
    writeFileSync(path.join(dir, 'jwt-secret'), '');
    expect(() => persistentSecret(dir, 'jwt-secret')).toThrow(/0 characters/);
  });

  it('lists every bad variable by name', () => {
    const bad = () => loadConfig({ DATA_DIR: dataDir, PORT: 'abc', APP_TIMEZONE: 'Mars/Base', DATABASE_URL: 'mysql://x' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/APP_TIMEZONE/);
    expect(bad).toThrow(/DATABASE_URL/);
  });

  it.each([
    ['unset: no proxy is trusted', undefined, undefined],
    ['a hop count', '1', 1],
    ['addresses and CIDRs', '10.0.0.0/8, 192.0.2.1,::1', ['10.0.0.0/8', '192.0.2.1', '::1']],
  ])('TRUST_PROXY %s (docs/product.md#account-security)', (_label, value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir, ...(value ? { TRUST_PROXY: value } : {}) }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['everyone', '10.0.0.0/33', '1.2.3', 'true'])('TRUST_PROXY=%s is refused by name', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('scheduled backups (docs/operations.md#backups): every 24 h, keep 7, ./backups outside DATA_DIR; fractions and 0 allowed', () => {
    const c = loadConfig({ DATA_DIR: dataDir });
    expect(c.BACKUP_EVERY_HOURS).toBe(24);
    expect(c.BACKUP_KEEP).toBe(7);
    expect(c.BACKUP_DIR).toBe(path.resolve('backups'));
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '0.5' }).BACKUP_EVERY_HOURS).toBe(0.5);
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '0' }).BACKUP_EVERY_HOURS).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: '-1' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY_HOURS: 'daily' })).toThrow(/BACKUP_EVERY_HOURS/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: '2.5' })).toThrow(/BACKUP_KEEP/);
  });

  it('requires JWT_SECRET with DATABASE_URL (instances must share it)', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://h/db' })).toThrow(/JWT_SECRET/);
  });

  it('Telegram (docs/product.md#telegram-notices): off without a token; a token needs the username; the API URL defaults and is validated', () => {
    const off = loadConfig({ DATA_DIR: dataDir });
    expect(off.telegramBotToken).toBeUndefined();
    expect(off.telegramApiUrl).toBe('https://api.telegram.org');
    const on = loadConfig({
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: '123456:AAEabcdefghijklmnopqrstuvwxyz012345',
      TELEGRAM_BOT_USERNAME: '@ArbitrajeBot',
      TELEGRAM_API_URL: 'http://127.0.0.1:8081/',
    });
    expect(on.telegramBotToken).toBe('123456:AAEabcdefghijklmnopqrstuvwxyz012345');
    expect(on.telegramBotUsername).toBe('ArbitrajeBot');
    expect(on.telegramApiUrl).toBe('http://127.0.0.1:8081');
    expect(() => loadConfig({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: '123456:AAEabcdefghijklmnopqrstuvwxyz012345' })).toThrow(
      /TELEGRAM_BOT_USERNAME/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: 'not a token', TELEGRAM_BOT_USERNAME: 'ArbitrajeBot' })).toThrow(
      /TELEGRAM_BOT_TOKEN/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, TELEGRAM_API_URL: 'ftp://x' })).toThrow(/TELEGRAM_API_URL/);
  });

  it('start-up with PORT=abc stops with a clear message naming PORT', () => {
    const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
    const res = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, PORT: 'abc', DATA_DIR: dataDir },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/PORT/);
    expect(res.stderr).toMatch(/invalid configuration/);
  }, 60_000);
});
