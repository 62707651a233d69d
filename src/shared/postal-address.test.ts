import { describe, expect, it } from 'vitest';
import { addressPartsOf, composeAddress, isOneLineAddress, partsForAddress } from './postal-address';

const parts = { street: '12 Rose Street', city: 'Mumbai', postalCode: '400050', country: 'India' };

describe('the salon address in parts', () => {
  it('composes street, city with postal code, country; blank parts left out', () => {
    expect(composeAddress(parts)).toBe('12 Rose Street, Mumbai 400050, India');
    expect(composeAddress({ ...parts, postalCode: ' ', country: '' })).toBe('12 Rose Street, Mumbai');
    expect(composeAddress({ street: 'Main St 1', city: '', postalCode: '', country: '' })).toBe('Main St 1');
  });

  it('reads a free-text address from before the parts as the street', () => {
    const old = {
      address: '12 Rose Street, Bandra West, Mumbai 400050',
      street: '',
      city: '',
      postalCode: '',
      country: '',
    };
    expect(addressPartsOf(old)).toEqual({ street: old.address, city: '', postalCode: '', country: '' });
    expect(addressPartsOf({ ...parts, address: 'ignored' })).toEqual(parts);
  });

  it('tells a one-line address kept as the street from one in parts', () => {
    expect(isOneLineAddress({ street: '12 Rose Street, Mumbai', city: '', postalCode: ' ', country: '' })).toBe(true);
    expect(isOneLineAddress(parts)).toBe(false);
    expect(isOneLineAddress({ ...parts, city: '', postalCode: '' })).toBe(false);
    expect(isOneLineAddress({ street: ' ', city: '', postalCode: '', country: '' })).toBe(false);
  });

  it('keeps the parts when the one line given is theirs, else takes it as the street', () => {
    expect(partsForAddress('12 Rose Street, Mumbai 400050, India', parts)).toEqual(parts);
    expect(partsForAddress(' 1 New Road ', parts)).toEqual({
      street: '1 New Road',
      city: '',
      postalCode: '',
      country: '',
    });
    expect(partsForAddress('1 New Road', null)).toEqual({
      street: '1 New Road',
      city: '',
      postalCode: '',
      country: '',
    });
  });
});
