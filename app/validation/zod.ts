import { config, z } from "zod";

// Every schema that may run in the browser imports `z` from here, so this setting is in force
// before any schema is built, whichever module the bundler evaluates first.
// NOTE: the Content-Security-Policy allows no eval. Zod 4 compiles faster object parsers with
// `new Function` and, to learn whether it may, tries one as each object schema is built: the
// browser reports that attempt as a CSP violation (and Lighthouse's best practices drop to 96).
// Without the compiled parsers Zod validates the same way, slightly slower, which forms of this
// size never notice.
config({ jitless: true });

export { z };
