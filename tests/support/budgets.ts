// Every time limit the tests allow, in one place (docs/decisions/272). A test waits for a state
// (a row, a toast, an email, a URL), never for a time; these are only the limits past which a
// wait counts as a failure. They are generous on purpose: the suite runs on a busy 2-core machine
// where a step that takes a second alone can take ten, and a limit that a slow but working site
// can reach is a false alarm. None of them paces a test: a passing test never waits them out.

/** One end-to-end test: a few pages and forms (playwright.config.ts). */
export const E2E_TEST_MS = 60_000;
/** One end-to-end assertion's wait for its state: an element, a text, a URL. */
export const E2E_EXPECT_MS = 10_000;
/** A longer end-to-end test: several forms and reloads, an upload, a dashboard tab with axe. */
export const E2E_LONG_TEST_MS = 120_000;
/** A whole journey: signing up and paying, then the dashboard or the members' area. */
export const E2E_JOURNEY_MS = 240_000;
/** One test that visits every dashboard tab in turn (tests/e2e/british-dates.spec.ts). */
export const E2E_EVERY_TAB_MS = 480_000;
/** A form sent to the server until the page it leads to: a sign-up, a checkout, a payment. */
export const ROUND_TRIP_MS = 20_000;
/** An email from the moment its job is queued until it is in the outbox. */
export const MAIL_ARRIVAL_MS = 30_000;
/** How long one attempt of a retried step waits before it is tried again (expect().toPass). */
export const RETRY_STEP_MS = 2_000;
/** A background sync with the email-marketing stand-in, from the press of its button. */
export const SYNC_MS = 45_000;

/** One unit test (Vitest's own default is 5 s, which a busy machine can reach with an image or a PDF). */
export const UNIT_TEST_MS = 20_000;
/** One Vitest integration test: a database copy, a spawned server or script (vitest.config.ts). */
export const INTEGRATION_TEST_MS = 60_000;
/** One Vitest integration hook: starting a site, building when the build is stale. */
export const INTEGRATION_HOOK_MS = 120_000;
/** A longer integration test or hook: several servers or scripts one after another. */
export const INTEGRATION_LONG_MS = 120_000;
/** A slow integration test: a server started and stopped several times, a real disk filled. */
export const INTEGRATION_SLOW_MS = 240_000;
/** A hook that may build the site first (ensureBuild) before it starts a server. */
export const INTEGRATION_BUILD_MS = 300_000;
/** The few tests that run a whole script end to end (a backup and its restore, a fuzzing pass). */
export const INTEGRATION_WHOLE_SCRIPT_MS = 600_000;
/** An integration test's wait for a state of a spawned process, a job or a stand-in. */
export const INTEGRATION_STATE_MS = 30_000;
