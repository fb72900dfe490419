#!/usr/bin/env node
/**
 * Writes src/bff/address/countries.json from libaddressinput's country data (Google, Apache-2.0): the file
 * `testdata/countryinfo.txt` of github.com/google/libaddressinput, one `data/XX={json}` line per country, the
 * same data its Address Data Service serves. Only what the checkout uses is kept: the format template, the
 * required fields, the labels' kinds, the postal pattern and an example, and the first-level regions.
 *
 *   node scripts/address-data.mjs path/to/countryinfo.txt
 */
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) throw new Error('usage: node scripts/address-data.mjs path/to/countryinfo.txt');
const KEEP = ['fmt', 'require', 'upper', 'zip', 'zip_name_type', 'state_name_type', 'sublocality_name_type', 'postprefix'];
const countries = {};
for (const line of readFileSync(source, 'utf8').split('\n')) {
  const m = /^data\/([A-Z]{2})=(\{.*\})$/.exec(line);
  if (!m || m[1] === 'ZZ') continue;
  const raw = JSON.parse(m[2]);
  const out = { name: raw.name };
  for (const k of KEEP) if (raw[k]) out[k] = raw[k];
  if (raw.zipex) out.zipex = raw.zipex.split(',')[0];
  if (raw.sub_keys) {
    const keys = raw.sub_keys.split('~');
    const names = (raw.sub_names ?? raw.sub_keys).split('~');
    const latin = raw.sub_lnames?.split('~');
    out.regions = keys.map((k, i) => (latin ? [k, names[i] ?? k, latin[i] ?? k] : [k, names[i] ?? k]));
  }
  countries[m[1]] = out;
}
const zz = /^data\/ZZ=(\{.*\})$/m.exec(readFileSync(source, 'utf8'));
const defaults = JSON.parse(zz[1]);
const body = {
  source: 'libaddressinput testdata/countryinfo.txt (Google, Apache-2.0)',
  defaults: { fmt: defaults.fmt, require: defaults.require, zip_name_type: defaults.zip_name_type, state_name_type: defaults.state_name_type },
  countries,
};
writeFileSync(new URL('../src/bff/address/countries.json', import.meta.url), `${JSON.stringify(body)}\n`);
console.log(`${Object.keys(countries).length} countries`);
