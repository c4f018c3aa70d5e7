package fencetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// issuer is the shared lease service of the many-workers schedule: per
// resource, one holder at a time, a lease that expires, and a strictly
// increasing token per successful claim.
type issuer struct {
	lease time.Duration

	mu     sync.Mutex
	leases map[string]*leaseState
}

type leaseState struct {
	tok   fence.Token
	until time.Time
	held  bool
}

func newIssuer(lease time.Duration) *issuer {
	return &issuer{lease: lease, leases: make(map[string]*leaseState)}
}

// claim waits until res is free or its lease has expired, then issues the
// next token.
func (is *issuer) claim(ctx context.Context, res string) (fence.Token, error) {
	for {
		is.mu.Lock()
		st := is.leases[res]
		if st == nil {
			st = &leaseState{tok: 100}
			is.leases[res] = st
		}
		now := time.Now()
		if !st.held || now.After(st.until) {
			st.tok++
			st.until = now.Add(is.lease)
			st.held = true
			tok := st.tok
			is.mu.Unlock()
			return tok, nil
		}
		is.mu.Unlock()
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(200 * time.Microsecond):
		}
	}
}

// release frees res if tok still holds it.
func (is *issuer) release(res string, tok fence.Token) {
	is.mu.Lock()
	defer is.mu.Unlock()
	if st := is.leases[res]; st != nil && st.tok == tok {
		st.held = false
	}
}

// op is one write of the schedule; start and end are positions in one global
// sequence, so a.end < b.start means a returned before b was called.
type op struct {
	res        string
	worker     int
	tok        fence.Token
	value      string
	start, end int64
	err        error
}

func (o op) accepted() bool { return o.err == nil }

func (o op) String() string {
	return fmt.Sprintf("token %d (worker %d, value %q)", o.tok, o.worker, o.value)
}

type scheduleConfig struct {
	workers, resources, claims int
	lease                      time.Duration
}

func configFor(short bool) scheduleConfig {
	c := scheduleConfig{workers: 8, resources: 3, claims: 12, lease: 20 * time.Millisecond}
	if short {
		c.claims = 6
	}
	return c
}

// manyWorkers runs the random schedule and checks its history.
func manyWorkers(ctx context.Context, r reporter, s Sink, e env) {
	r.Helper()
	cfg := configFor(e.short)
	r.Logf("many-workers: seed %d (set FENCETEST_SEED=%d to replay), %d workers, %d resources, %d claims each, lease %v",
		e.seed, e.seed, cfg.workers, cfg.resources, cfg.claims, cfg.lease)
	resources := make([]string, cfg.resources)
	for i := range resources {
		resources[i] = fmt.Sprintf("%s/r%d", e.prefix, i)
	}
	is := newIssuer(cfg.lease)
	var (
		seq  atomic.Int64
		mu   sync.Mutex
		ops  []op
		errs []error
		wg   sync.WaitGroup
	)
	for w := range cfg.workers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(e.seed, uint64(w)))
			for n := range cfg.claims {
				res := resources[rng.IntN(len(resources))]
				tok, err := is.claim(ctx, res)
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("worker %d: claim %q: %w", w, res, err))
					mu.Unlock()
					return
				}
				// Most holders are quick; some stall past their lease, so
				// another worker claims the resource and writes first.
				var pause time.Duration
				if rng.IntN(10) < 3 {
					pause = cfg.lease*3/2 + time.Duration(rng.Int64N(int64(cfg.lease*3/2)))
				} else {
					pause = time.Duration(rng.Int64N(int64(cfg.lease / 4)))
				}
				sleep(ctx, pause)
				writes := 1 + rng.IntN(2) // sometimes a second write under the same claim
				for k := range writes {
					o := op{res: res, worker: w, tok: tok, value: fmt.Sprintf("w%d/c%d/k%d/t%d", w, n, k, tok)}
					o.start = seq.Add(1)
					o.err = s.Write(ctx, res, tok, o.value)
					o.end = seq.Add(1)
					mu.Lock()
					ops = append(ops, o)
					mu.Unlock()
					if o.err != nil {
						break // a rejected holder stops
					}
				}
				is.release(res, tok)
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		r.Fatalf("many-workers schedule did not finish: %v", errors.Join(errs...))
	}

	// The last claim of each resource writes after everyone else is done:
	// it must be accepted and be what the sink holds.
	for _, res := range resources {
		tok, err := is.claim(ctx, res)
		if err != nil {
			r.Fatalf("final claim %q: %v", res, err)
		}
		o := op{res: res, worker: -1, tok: tok, value: fmt.Sprintf("final/t%d", tok)}
		o.start = seq.Add(1)
		o.err = s.Write(ctx, res, tok, o.value)
		o.end = seq.Add(1)
		ops = append(ops, o)
	}
	checkHistory(ctx, r, s, resources, ops)
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// checkHistory verifies a many-workers history against the fencing contract.
func checkHistory(ctx context.Context, r reporter, s Sink, resources []string, ops []op) {
	r.Helper()
	const maxReports = 5
	byRes := make(map[string][]op)
	var failures []string
	for _, o := range ops {
		if o.err != nil && !errors.Is(o.err, fence.ErrStale) {
			failures = append(failures, fmt.Sprintf("write %s on %q failed: %v (only fence.ErrStale is a rejection)", o, o.res, o.err))
			continue
		}
		byRes[o.res] = append(byRes[o.res], o)
	}
	var accepted, rejected, stale, lost int
	for _, res := range resources {
		hist := byRes[res]
		sort.Slice(hist, func(i, j int) bool { return hist[i].start < hist[j].start })
		for _, b := range hist {
			if b.accepted() {
				accepted++
			} else {
				rejected++
			}
			// A write called after a newer token's write was accepted must be
			// rejected; a rejection needs a newer token's accepted write that
			// started before it returned.
			var overwrote, justifies *op
			for i := range hist {
				a := &hist[i]
				if !a.accepted() || a.tok <= b.tok {
					continue
				}
				if a.end < b.start && overwrote == nil {
					overwrote = a
				}
				if a.start < b.end && justifies == nil {
					justifies = a
				}
			}
			if b.accepted() && overwrote != nil {
				stale++
				if stale <= maxReports {
					failures = append(failures, fmt.Sprintf("stale write accepted on %q: %s was accepted after newer token %d (worker %d) had been accepted; stale token %d overwrote newer token %d",
						res, b, overwrote.tok, overwrote.worker, b.tok, overwrote.tok))
				}
			}
			if !b.accepted() && justifies == nil {
				lost++
				if lost <= maxReports {
					failures = append(failures, fmt.Sprintf("fresh write rejected on %q: %s was rejected (%v) though no newer token had written", res, b, b.err))
				}
			}
		}
		// The sink must hold the value of the newest accepted write: the
		// highest token, and its holder's last write.
		var newest *op
		for i := range hist {
			a := &hist[i]
			if a.accepted() && (newest == nil || a.tok > newest.tok || (a.tok == newest.tok && a.start > newest.start)) {
				newest = a
			}
		}
		if newest == nil {
			continue
		}
		got, err := s.Read(ctx, res)
		if err != nil {
			r.Fatalf("read %q: %v", res, err)
		}
		if got != newest.value {
			msg := fmt.Sprintf("lost write on %q: the sink holds %q, but the newest accepted write was %s", res, got, newest)
			for _, a := range hist {
				if a.value == got && a.tok < newest.tok {
					msg += fmt.Sprintf("; stale token %d overwrote newer token %d", a.tok, newest.tok)
					break
				}
			}
			failures = append(failures, msg)
		}
	}
	if stale > maxReports {
		failures = append(failures, fmt.Sprintf("... %d stale writes accepted in all", stale))
	}
	if lost > maxReports {
		failures = append(failures, fmt.Sprintf("... %d fresh writes rejected in all", lost))
	}
	r.Logf("many-workers: %d writes accepted, %d rejected as stale", accepted, rejected)
	if len(failures) > 0 {
		r.Errorf("many-workers:\n\t%s", strings.Join(failures, "\n\t"))
	}
}
