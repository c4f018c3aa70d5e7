// Package servers locates the database servers that the runtime's tests run
// against and decides what a test does when one is missing: skip on a
// developer machine, fail in CI (CI=true).
package servers

import (
	"os"
	"testing"
)

// DefaultPostgresDSN is the PostgreSQL the tests use unless
// FENCECHECK_POSTGRES_DSN says otherwise; scripts/services.sh sets it up.
const DefaultPostgresDSN = "postgres://postgres:postgres@127.0.0.1:5432/postgres?sslmode=disable"

// DefaultRedisAddr is the Redis the tests use unless FENCECHECK_REDIS_ADDR
// says otherwise; scripts/services.sh starts it.
const DefaultRedisAddr = "127.0.0.1:6379"

// PostgresDSN returns the DSN of the test PostgreSQL.
func PostgresDSN() string { return env("FENCECHECK_POSTGRES_DSN", DefaultPostgresDSN) }

// RedisAddr returns the address of the test Redis.
func RedisAddr() string { return env("FENCECHECK_REDIS_ADDR", DefaultRedisAddr) }

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Unavailable ends the test because a server it needs does not answer:
// t.Skip on a developer machine, t.Fatal when CI=true. what names the
// server and where it was looked for; err is why it did not answer.
func Unavailable(t testing.TB, what string, err error) {
	t.Helper()
	msg := what + " is not reachable (" + err.Error() + "); start it with `bash scripts/services.sh` (as root, Debian 12) or point the FENCECHECK_* variable at one"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
