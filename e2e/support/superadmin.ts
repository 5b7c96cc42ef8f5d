// The journeys' SuperAdmin: scripts/e2e-server.mjs creates it with `npm run superadmin`'s
// command before the server starts, as an operator would.
export const superAdmin = { email: 'superadmin@baletrack.local', password: 'Operator-2026x' };
