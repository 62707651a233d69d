// The salon's address in parts (Settings > Salon details) and as the one line the spec's payloads
// carry (`address` in /contact-info and /admin/me, mails, the contact page). One composer, so the
// page, the mails and the JSON-LD never spell it differently.

export interface PostalAddressParts {
  street: string;
  city: string;
  postalCode: string;
  country: string;
}

/**
 * `12 Rose Street, Mumbai 400050, India`: the street, the city followed by its postal code (as
 * India, the UK and most of Europe write it on one line), the country; blank parts are left out.
 */
export function composeAddress(parts: PostalAddressParts): string {
  const place = [parts.city.trim(), parts.postalCode.trim()].filter(Boolean).join(' ');
  return [parts.street.trim(), place, parts.country.trim()].filter(Boolean).join(', ');
}

/**
 * The parts of a stored address. An install from before the parts (or a row written with only the
 * one line, as the demo seed does) has its free text as the street, where the owner can split it.
 */
export function addressPartsOf(row: PostalAddressParts & { address: string }): PostalAddressParts {
  const { street, city, postalCode, country } = row;
  if (!street && !city && !postalCode && !country)
    return { street: row.address, city: '', postalCode: '', country: '' };
  return { street, city, postalCode, country };
}

/**
 * Whether the parts are a one-line address kept whole as the street (addressPartsOf,
 * partsForAddress), which the owner has still to split.
 */
export function isOneLineAddress(parts: PostalAddressParts): boolean {
  const rest = [parts.city, parts.postalCode, parts.country];
  return parts.street.trim() !== '' && rest.every((part) => part.trim() === '');
}

/**
 * The parts a one-line `address` (PATCH /admin/update, which predates them) stands for: the
 * current parts when it is their composition, so a save of the same line keeps them; else the
 * line as the street.
 */
export function partsForAddress(address: string, current: PostalAddressParts | null): PostalAddressParts {
  if (current && composeAddress(current) === address.trim()) return current;
  return { street: address.trim(), city: '', postalCode: '', country: '' };
}
