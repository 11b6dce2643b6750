import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

// A real SMTP server on 127.0.0.1 (a random port) that accepts every message and keeps it, for
// tests of the mailer over SMTP (docs/architecture.md §1: a local server speaking the real protocol, never a
// stub of our own functions). Optionally it requires AUTH with a username and password, or
// speaks implicit TLS (smtps://) with smtp-server's built-in localhost certificate.

export interface CapturedMessage {
  /** The SMTP envelope: MAIL FROM and every RCPT TO. */
  envelope: { from: string | null; to: string[] };
  /** The user the client authenticated as, if it did. */
  user: string | undefined;
  /** The message exactly as it arrived (RFC 5322). */
  raw: Buffer;
  /** The message parsed by mailparser: headers, addresses, text and HTML parts. */
  parsed: ParsedMail;
}

export interface SmtpStandInOptions {
  /** Require AUTH PLAIN/LOGIN with these credentials (allowed without TLS for the test). */
  auth?: { user: string; pass: string };
  /** Implicit TLS, as smtps:// expects. The certificate is self-signed: clients must not verify it. */
  secure?: boolean;
  /** Listen on this port (a server "coming back" where it was); a random free port by default. */
  port?: number;
}

export interface SmtpStandIn {
  readonly host: string;
  readonly port: number;
  /** An SMTP_URL for the mailer: smtp(s)://[user:pass@]127.0.0.1:<port> */
  readonly url: string;
  readonly messages: CapturedMessage[];
  /** Auth attempts refused (wrong credentials), by username. */
  readonly refusedLogins: string[];
  /** Resolves with the first message (received from now or earlier) that matches. */
  waitForMessage(match?: (message: CapturedMessage) => boolean, timeoutMs?: number): Promise<CapturedMessage>;
  close(): Promise<void>;
}

export async function startSmtpStandIn(options: SmtpStandInOptions = {}): Promise<SmtpStandIn> {
  const messages: CapturedMessage[] = [];
  const refusedLogins: string[] = [];
  const waiters = new Set<() => void>();

  const serverOptions: SMTPServerOptions = {
    secure: options.secure ?? false,
    // Without TLS there is nothing to upgrade to: a client must not try STARTTLS and then reject
    // the self-signed certificate.
    hideSTARTTLS: true,
    authOptional: !options.auth,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    logger: false,
    size: 25 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
        return;
      }
      refusedLogins.push(auth.username ?? "");
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              user: typeof session.user === "string" ? session.user : undefined,
              raw,
              parsed,
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  // A client that disconnects abruptly makes the server emit "error"; a test should not crash on it.
  server.on("error", () => {});

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : "";

  return {
    host: "127.0.0.1",
    port,
    url: `${options.secure ? "smtps" : "smtp"}://${credentials}127.0.0.1:${port}`,
    messages,
    refusedLogins,
    waitForMessage(match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`No matching message arrived within ${timeoutMs} ms (${messages.length} received).`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
