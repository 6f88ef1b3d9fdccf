/** Luhn and brand detection live in contracts/card-numbers.ts: the client checks numbers with the same code. */
export * from '../../contracts/card-numbers.ts';
