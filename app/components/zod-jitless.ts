import { config } from "zod";

// NOTE: the Content-Security-Policy allows no eval. Zod 4 builds faster object parsers with
// `new Function` and, to learn whether it may, tries one as each object schema is built: the
// browser reports that attempt as a CSP violation (Lighthouse's best practices then score 96).
// Without the compiled parsers Zod validates the same way, slightly slower, which forms this size
// never notice. Import this module before any schema, as the first import of a form component.
config({ jitless: true });
