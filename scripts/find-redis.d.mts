export function findRedis(): string | undefined;
export function ensureRedis(): string;
