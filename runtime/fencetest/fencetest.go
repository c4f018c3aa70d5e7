// Package fencetest is a conformance kit for fenced sinks: it checks that a
// sink rejects stale writes and keeps fresh ones.
//
// Wrap your sink in the two-method [Sink] interface and call [Run] from a
// test:
//
//	func TestResultsTableIsFenced(t *testing.T) {
//		fencetest.Run(t, func(t *testing.T) fencetest.Sink {
//			return &resultsSink{db: openTestDB(t)}
//		})
//	}
//
// Run runs three subtests against a fresh sink each:
//
//   - worked-example: token 41 writes, token 42 writes, then a late write with
//     41 must fail with [fence.ErrStale] and the sink must still hold 42's
//     value.
//   - equal-token-replay: the holder of a token may write more than once with
//     it (a retry, or a second step under the same claim): those writes are
//     accepted; an older token after a newer one is still rejected.
//   - many-workers: goroutines claim resources from a shared lease issuer
//     (increasing tokens, leases that expire), pause at random between claim
//     and write (often past the lease), and write. Afterwards no write may
//     have been accepted after a write with a newer token was accepted, no
//     write may have been rejected unless a newer token had written, and each
//     resource must hold the newest accepted value.
//
// Failures name the stale token and the newer token it overwrote. The
// schedule's seed is logged; set FENCETEST_SEED to replay one.
package fencetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// Sink is the sink under test: a store of one string value per resource whose
// writes are fenced by a token.
//
// Write stores value for resource when tok is at least the newest token the
// sink has accepted for that resource, and returns an error matching
// [fence.ErrStale] (errors.Is) when it rejects the write because it has
// accepted a newer token. Read returns the value most recently stored for
// resource ("" if none).
//
// Resources are fresh, previously unused names made by the kit. A Sink must
// be safe for concurrent use.
type Sink interface {
	Write(ctx context.Context, resource string, tok fence.Token, value string) error
	Read(ctx context.Context, resource string) (string, error)
}

// reporter is the part of testing.TB the checks use; the kit's own tests
// substitute a recorder to prove that the checks fail on an unfenced sink.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
}

type check struct {
	name string
	fn   func(ctx context.Context, r reporter, s Sink, env env)
}

// env is what a check needs besides the sink.
type env struct {
	prefix string // unique resource name prefix
	seed   uint64
	short  bool
}

var checks = []check{
	{"worked-example", workedExample},
	{"equal-token-replay", equalTokenReplay},
	{"many-workers", manyWorkers},
}

// Run runs the conformance checks as subtests of t, each against a sink made
// by newSink (called with the subtest's *testing.T, so it can register
// cleanups). Under -short the many-workers schedule is shorter.
func Run(t *testing.T, newSink func(t *testing.T) Sink) {
	t.Helper()
	seed := seedFromEnv(t)
	prefix := fmt.Sprintf("fencetest-%08x", rand.Uint32())
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			c.fn(ctx, t, newSink(t), env{prefix: prefix + "/" + c.name, seed: seed, short: testing.Short()})
		})
	}
}

func seedFromEnv(t *testing.T) uint64 {
	t.Helper()
	if s := os.Getenv("FENCETEST_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("fencetest: FENCETEST_SEED=%q is not an unsigned integer", s)
		}
		return n
	}
	return rand.Uint64()
}

// mustWrite performs a write that must be accepted.
func mustWrite(ctx context.Context, r reporter, s Sink, res string, tok fence.Token, value, why string) {
	r.Helper()
	if err := s.Write(ctx, res, tok, value); err != nil {
		if errors.Is(err, fence.ErrStale) {
			r.Fatalf("fresh write rejected: token %d on %q was rejected (%v) though %s", tok, res, err, why)
		}
		r.Fatalf("write with token %d on %q failed: %v", tok, res, err)
	}
}

// mustReject performs a write with stale token tok after newer was accepted
// and fails the check unless the sink rejects it with fence.ErrStale.
func mustReject(ctx context.Context, r reporter, s Sink, res string, tok, newer fence.Token, value string) {
	r.Helper()
	err := s.Write(ctx, res, tok, value)
	switch {
	case err == nil:
		r.Errorf("stale write accepted: token %d on %q was accepted after newer token %d had been accepted, overwriting token %d's value", tok, res, newer, newer)
	case !errors.Is(err, fence.ErrStale):
		r.Errorf("stale write with token %d on %q (newer token %d accepted before) failed with %v; a rejection must match fence.ErrStale (errors.Is)", tok, res, newer, err)
	}
}

func mustRead(ctx context.Context, r reporter, s Sink, res, want, why string) {
	r.Helper()
	got, err := s.Read(ctx, res)
	if err != nil {
		r.Fatalf("read %q: %v", res, err)
	}
	if got != want {
		r.Errorf("%q holds %q; want %q (%s)", res, got, want, why)
	}
}

// workedExample: A claims with 41 and writes; B claims with 42 and writes;
// A's late write with 41 is rejected.
func workedExample(ctx context.Context, r reporter, s Sink, e env) {
	r.Helper()
	res := e.prefix + "/job"
	mustWrite(ctx, r, s, res, 41, "A: token 41", "it is the first write")
	mustWrite(ctx, r, s, res, 42, "B: token 42", "42 is newer than every token written before (41)")
	mustReject(ctx, r, s, res, 41, 42, "A: token 41, late")
	mustRead(ctx, r, s, res, "B: token 42", "token 42's value must survive the late write with token 41")
}

// equalTokenReplay: the holder of a token may write several times with it.
func equalTokenReplay(ctx context.Context, r reporter, s Sink, e env) {
	r.Helper()
	res := e.prefix + "/job"
	mustWrite(ctx, r, s, res, 7, "step 1", "it is the first write")
	mustWrite(ctx, r, s, res, 7, "step 2", "the holder of token 7 writes again with its own token")
	mustRead(ctx, r, s, res, "step 2", "a second write with the same token is accepted")
	mustWrite(ctx, r, s, res, 7, "step 2", "a retry of the same write with the same token is accepted")
	mustWrite(ctx, r, s, res, 8, "newer", "8 is newer than every token written before (7)")
	mustReject(ctx, r, s, res, 7, 8, "step 3, late")
	mustRead(ctx, r, s, res, "newer", "token 8's value must survive the late write with token 7")
}
