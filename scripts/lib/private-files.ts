// Imported first by every script that may write into DATA_DIR (the database, uploads, the outbox,
// the auth secret, backups): what they write is readable by their user alone, as with the server
// (docs/security.md, "File permissions").
process.umask(0o077);
