// Tests against the running system wait on Kafka round trips, rebalances and process starts.
// (`testTimeout` is a global jest option; inside `projects` it is ignored.)
jest.setTimeout(60_000);
