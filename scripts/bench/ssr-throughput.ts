export async function benchSsrThroughput() { return []; }
