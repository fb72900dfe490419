import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deviceId } from '../../src/checkout/controller/device-id.js';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) { return this.data.get(k) ?? null; }
  setItem(k: string, v: string) { this.data.set(k, v); }
  removeItem(k: string) { this.data.delete(k); }
}
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/; // the contract's device_id (QuoteRequestSchema)

test('one id per browser: made once, kept in storage, the same for every tab that reads it', () => {
  const storage = new MemoryStorage();
  const id = deviceId(storage);
  assert.match(id, SHAPE);
  assert.equal(storage.getItem('tote:device'), id);
  assert.equal(deviceId(storage), id);
});

test('a stored value that is not of the contract\'s shape is replaced', () => {
  const storage = new MemoryStorage();
  storage.setItem('tote:device', 'short');
  const id = deviceId(storage);
  assert.match(id, SHAPE);
  assert.notEqual(id, 'short');
});

test('storage that throws: an id still, kept in memory for the page', () => {
  const throwing = { getItem(): string { throw new Error('denied'); }, setItem(): void { throw new Error('full'); }, removeItem() {} };
  const id = deviceId(throwing);
  assert.match(id, SHAPE);
  assert.equal(deviceId(throwing), id);
});
