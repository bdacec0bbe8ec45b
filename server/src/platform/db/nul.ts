/**
 * PostgreSQL refuses text holding NUL (U+0000) and would answer a 500; no id or username contains one,
 * so a lookup by such a key has nothing to find and answers so without asking the database.
 */
export const hasNul = (value: string) => value.includes('\u0000');
