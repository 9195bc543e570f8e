// `doctor`: the last run's unjudged scenarios grouped by the profile key that would change
// them. Fault that trips it: a reason's key not found (every scenario under "no profile key").
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { doctor, profileKeyOf } from '../../src/report/doctor.ts';
import { cli } from '../helpers/cli.ts';

describe('doctor', () => {
  it('reads the profile key from the reasons the run writes', () => {
    expect(
      profileKeyOf(
        'the profile does not offer norwegian-domestic-credit-transfers as bulk-payments (capabilities.bulkProducts)',
      ),
    ).toBe('capabilities.bulkProducts');
    expect(
      profileKeyOf(
        'the profile says the bank offers no create-sandbox-customer operation (operations.create-sandbox-customer: null); the spec does not name one',
      ),
    ).toBe('operations.create-sandbox-customer');
    expect(
      profileKeyOf('the rule is about time and the profile declares no clock-control operation (clockControl)'),
    ).toBe('clockControl');
    expect(
      profileKeyOf('no national identity number for a private PSU: set psu.private.nationalId in the profile'),
    ).toBe('psu.private.nationalId');
    expect(profileKeyOf('SCA did not give a psu-id: {"code":"PSU_CREDENTIALS_INVALID"}')).toMatch(/^sca\.form\.fields/);
    expect(profileKeyOf('GET /v1/accounts answered 500')).toBeUndefined();
  });

  it('groups the inconclusive and not-applicable scenarios by key, biggest first, and the CLI prints it', () => {
    const results = [
      {
        name: 'a',
        outcome: 'not-applicable',
        level: 'should',
        reason: 'the profile names no product with fee information (capabilities.feeInformation)',
      },
      { name: 'b', outcome: 'inconclusive', level: 'must', reason: 'SCA did not give a psu-id: x' },
      { name: 'c', outcome: 'inconclusive', level: 'must', reason: 'SCA did not give a psu-id: y' },
      { name: 'd', outcome: 'passed', level: 'must' },
    ];
    const text = doctor(results as never);
    expect(text).toMatch(/^3 scenarios not judged/);
    expect(text.indexOf('sca.form.fields')).toBeLessThan(text.indexOf('capabilities.feeInformation'));
    expect(text).toMatch(/sca\.form\.fields .*: 2 scenarios \(2 MUST; 2 inconclusive, 0 not applicable\)/);
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-doctor-'));
    writeFileSync(join(dir, 'results.json'), JSON.stringify({ results }));
    const r = cli(['doctor', '--report-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/capabilities\.feeInformation: 1 scenario \(0 MUST; 0 inconclusive, 1 not applicable\)/);
    expect(cli(['doctor', '--report-dir', join(dir, 'none')]).code).toBe(2);
  });
});
