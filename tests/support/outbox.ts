import fs from "node:fs";
import path from "node:path";

// The emails a test server wrote to DATA_DIR/outbox (no SMTP_URL): parsed from the .eml files, for
// integration and end-to-end tests alike (no test runner's imports here).

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const soft = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** RFC 2047: the white space between two adjacent encoded words is not part of the text. */
function decodeHeader(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?utf-8\?)/gi, "$1")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/** Every message in `dataDir`/outbox, oldest first, with its text part decoded and its links. */
export function readOutboxDir(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "utf8");
      const [head, ...rest] = raw.split(/\r?\n\r?\n/);
      const headers = head!.replace(/\r?\n[ \t]+/g, " ");
      const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, "im").exec(headers)?.[1] ?? "");
      const body = rest.join("\n\n");
      const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
      // The HTML part writes "&" as "&amp;" in its links.
      const links = [...new Set((text.match(/https?:\/\/[^\s"<>]+/g) ?? []).map((l) => l.replace(/&amp;/g, "&")))];
      return { file, to: header("To"), subject: header("Subject"), text, links };
    });
}

/**
 * Whether a message's To header names exactly `address` (any case), alone or among others, bare or
 * as `Name <address>`. NOTE: never a substring test: annahale@… contains ahale@….
 */
export function isAddressedTo(message: Pick<OutboxMessage, "to">, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return message.to
    .split(",")
    .map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim().toLowerCase())
    .includes(wanted);
}

/** The messages sent to one address (any case). */
export function outboxMessagesFor(dataDir: string, to: string): OutboxMessage[] {
  return readOutboxDir(dataDir).filter((m) => isAddressedTo(m, to));
}

/**
 * Waits for a message to `to` whose link matches `linkPattern` (servers send emails after they
 * answer) and returns that link.
 */
export async function waitForLink(dataDir: string, to: string, linkPattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const link = outboxMessagesFor(dataDir, to)
      .flatMap((m) => m.links)
      .reverse()
      .find((l) => linkPattern.test(l));
    if (link) return link;
    if (Date.now() > until) throw new Error(`No email to ${to} with a link like ${linkPattern} in ${path.join(dataDir, "outbox")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
