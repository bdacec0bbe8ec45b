/** Text as people search it: lower-cased, accents stripped ("Zoë" is found by "zoe"), spaces collapsed. */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The columns people search matches prefixes of: "first last" and the last name alone. */
export function nameKeys(firstName: string, lastName: string) {
  return { name_key: searchKey(`${firstName} ${lastName}`), last_name_key: searchKey(lastName) };
}
