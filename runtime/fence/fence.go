// Package fence holds the vocabulary shared by the fencecheck runtime helpers:
// the fencing [Token], the [ErrStale] sentinel and the [Claim] a lease
// acquisition returns.
//
// Fencing in ten lines. A lease can expire while its holder is paused (GC
// stop, VM suspension, partition), and expiry does not stop the holder. So
// every successful claim gets a strictly increasing token and carries it to
// the final write, and the sink itself rejects, atomically, a write whose
// token is older than the newest it has accepted:
//
//	A claims job J with token 41 and pauses.
//	A's lease expires; B claims J with token 42 and writes (the sink stores 42).
//	A resumes and writes with 41: the sink rejects it, 41 < 42, with ErrStale.
//	A treats ErrStale as "I lost the claim" and stops.
//
// Checking the lease before writing does not help: the holder can pass the
// check and pause again. Only the sink's atomic comparison fences.
package fence

import (
	"errors"
	"fmt"
	"strconv"
	"time"
)

// Token is a fencing token: a number issued by a claim that is strictly
// greater than every token issued for the same resource before it.
//
// Tokens are int64 because every issuer the runtime supports counts in
// signed 64-bit integers (SQL BIGINT columns, etcd revisions, Redis INCR).
// Valid tokens are positive; the zero Token means "no token" and is never
// issued.
type Token int64

// String returns the token in decimal.
func (t Token) String() string { return strconv.FormatInt(int64(t), 10) }

// Valid reports whether t can have been issued by a claim (t > 0).
func (t Token) Valid() bool { return t > 0 }

// Parse reads a token written by [Token.String]. It rejects anything that is
// not a positive decimal integer.
func Parse(s string) (Token, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("fence: malformed token %q: %w", s, err)
	}
	if n <= 0 {
		return 0, fmt.Errorf("fence: malformed token %q: not positive", s)
	}
	return Token(n), nil
}

// ErrStale reports that a sink rejected a write because it has already
// accepted a write with a newer token: the writer has lost its claim and must
// stop. Test for it with errors.Is; the runtime helpers wrap it, often in a
// [*StaleError].
var ErrStale = errors.New("fence: stale token: a newer holder has written")

// StaleError is the detailed form of [ErrStale]: which write was rejected and,
// when the sink reports it, the newer token it holds. errors.Is(err, ErrStale)
// is true for every *StaleError.
type StaleError struct {
	// Resource names what was written (a row id, a key, a URL path).
	Resource string
	// Token is the rejected write's token.
	Token Token
	// Current is the newest token the sink holds, or 0 when the sink does not
	// say.
	Current Token
}

// Error describes the rejection.
func (e *StaleError) Error() string {
	if e.Current != 0 {
		return fmt.Sprintf("fence: stale token %d for %q: the sink holds token %d", e.Token, e.Resource, e.Current)
	}
	return fmt.Sprintf("fence: stale token %d for %q: the sink holds a newer token", e.Token, e.Resource)
}

// Is makes errors.Is(err, ErrStale) true.
func (e *StaleError) Is(target error) bool { return target == ErrStale }

// Claim is what a successful lease acquisition returns: the resource claimed,
// the fencing token issued for this claim, and when the lease ends unless it
// is renewed. The deadline is advisory: a holder must never use it to decide
// whether a write is safe (that is a preflight check); only the sink's
// comparison of Token decides.
type Claim struct {
	// Resource identifies what was claimed (a job id, a lock name).
	Resource string
	// Token is the fencing token issued by this claim. Pass it to every
	// guarded write made under the claim.
	Token Token
	// Deadline is when the lease expires. The zero time means the issuer did
	// not say.
	Deadline time.Time
}
