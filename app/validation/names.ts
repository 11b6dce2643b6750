import { z } from "~/validation/zod";

// One rule for a person's name, used by the sign-up form (first and last name) and the settings
// page (Full Name), so a name accepted at sign-up can always be saved again in settings: trimmed,
// 1 to 50 characters, only letters (with their accents, in any script), spaces, hyphens and
// apostrophes. Apostrophes and hyphens as phones and word processors type them count too:
// O’Brien with the typographic apostrophe (U+2019) is how an iPhone writes O'Brien.

const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2018\u2019\u02bc\u2010\u2011-]+$/u;

/** Control characters (NUL, escape codes, line breaks…): never in a name (decision 162). */
const CONTROL_CHARACTERS = /\p{Cc}/u;

export interface PersonNameMessages {
  required: string;
  tooLong: string;
  /** Anything but letters, spaces, hyphens and apostrophes. */
  characters: string;
  /** A control character, when the form names it apart (the sign-up form does). */
  control?: string;
}

/** The name rule, with the form's own words. */
export function personName(messages: PersonNameMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(50, messages.tooLong)
    .refine((v) => !CONTROL_CHARACTERS.test(v), messages.control ?? messages.characters)
    .refine((v) => NAME_CHARACTERS.test(v), messages.characters);
}
