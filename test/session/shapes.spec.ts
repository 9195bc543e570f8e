// The sandbox customer type values are the profile's: the spec
// shows no customer list, and a bank may write a person and an organisation otherwise than
// private/corporate. Fault that trips it: the values hard-coded (no private customer found in the
// variant's list).
import { describe, expect, it } from 'vitest';
import { customersOfType } from '../../src/session/shapes.ts';

const LIST = {
  customers: [
    { nationalIdentityNumber: '01010112345', customerType: 'PERSON' },
    { nationalIdentityNumber: '999888777', customerType: 'ORGANISATION' },
  ],
};
const RESPONSES = {
  'sandbox-customers.list': '/customers',
  'sandbox-customer.nationalId': '/nationalIdentityNumber',
  'sandbox-customer.type': '/customerType',
};

describe('sandbox customers of a type', () => {
  it("match the profile's customerTypes, case aside", () => {
    const profile = { responses: RESPONSES, customerTypes: { private: 'person', corporate: 'Organisation' } };
    expect(customersOfType(profile, LIST, 'private')).toEqual(['01010112345']);
    expect(customersOfType(profile, LIST, 'corporate')).toEqual(['999888777']);
  });
  it("default to the platform's private and corporate", () => {
    expect(customersOfType({ responses: RESPONSES }, LIST, 'private')).toEqual([]);
    expect(
      customersOfType(
        {},
        [
          { customerNumber: '01010112345', type: 'private' },
          { customerNumber: '9', type: 'corporate' },
        ],
        'private',
      ),
    ).toEqual(['01010112345']);
  });
});
