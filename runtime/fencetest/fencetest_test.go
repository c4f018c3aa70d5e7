package fencetest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// memSink is a correctly fenced in-memory sink: it accepts tok >= newest.
type memSink struct {
	mu     sync.Mutex
	tokens map[string]fence.Token
	values map[string]string
	// strict rejects equal tokens too (tok > newest): a sink that breaks the
	// equal-token replay.
	strict bool
	// unfenced accepts every write: plain last-writer-wins.
	unfenced bool
	// wrongError rejects with an error that is not fence.ErrStale.
	wrongError bool
}

func newMemSink() *memSink {
	return &memSink{tokens: make(map[string]fence.Token), values: make(map[string]string)}
}

func (m *memSink) Write(_ context.Context, res string, tok fence.Token, value string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	cur := m.tokens[res]
	if !m.unfenced && (tok < cur || (m.strict && tok == cur)) {
		if m.wrongError {
			return errors.New("conflict")
		}
		return &fence.StaleError{Resource: res, Token: tok, Current: cur}
	}
	m.tokens[res] = max(cur, tok)
	m.values[res] = value
	return nil
}

func (m *memSink) Read(_ context.Context, res string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.values[res], nil
}

func TestKitPassesFencedMemorySink(t *testing.T) {
	Run(t, func(*testing.T) Sink { return newMemSink() })
}

// recorder stands in for *testing.T so the kit's own failures can be
// observed. Fatalf ends the calling goroutine, as testing.T's does.
type recorder struct {
	mu   sync.Mutex
	msgs []string
	logs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Logf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

// runCheck runs one named check against sink with a recorder and returns
// the failure messages.
func runCheck(t *testing.T, name string, sink Sink) []string {
	t.Helper()
	var c *check
	for i := range checks {
		if checks[i].name == name {
			c = &checks[i]
		}
	}
	if c == nil {
		t.Fatalf("no check %q", name)
	}
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.fn(t.Context(), r, sink, env{prefix: "self/" + name, seed: 1, short: true})
	}()
	<-done
	return r.msgs
}

func TestKitFailsOnBrokenSinks(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sink  func() *memSink
		check string
		want  string // substring of some failure
	}{
		{"unfenced/worked-example", func() *memSink { s := newMemSink(); s.unfenced = true; return s }, "worked-example",
			"stale write accepted: token 41 on \"self/worked-example/job\" was accepted after newer token 42 had been accepted"},
		{"unfenced/equal-token-replay", func() *memSink { s := newMemSink(); s.unfenced = true; return s }, "equal-token-replay",
			"stale write accepted: token 7"},
		{"unfenced/many-workers", func() *memSink { s := newMemSink(); s.unfenced = true; return s }, "many-workers",
			"stale write accepted on"},
		{"strict/equal-token-replay", func() *memSink { s := newMemSink(); s.strict = true; return s }, "equal-token-replay",
			"fresh write rejected: token 7"},
		{"strict/many-workers", func() *memSink { s := newMemSink(); s.strict = true; return s }, "many-workers",
			"fresh write rejected on"},
		{"wrong-error/worked-example", func() *memSink { s := newMemSink(); s.wrongError = true; return s }, "worked-example",
			"a rejection must match fence.ErrStale"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msgs := runCheck(t, tc.check, tc.sink())
			if len(msgs) == 0 {
				t.Fatalf("check %s passed on a broken sink; it must fail", tc.check)
			}
			all := strings.Join(msgs, "\n")
			if !strings.Contains(all, tc.want) {
				t.Fatalf("check %s failed without %q; got:\n%s", tc.check, tc.want, all)
			}
			t.Logf("failed as expected:\n%s", all)
		})
	}
}

func TestKitPassesCorrectSinkInEveryCheck(t *testing.T) {
	for _, c := range checks {
		if msgs := runCheck(t, c.name, newMemSink()); len(msgs) > 0 {
			t.Errorf("check %s failed on a fenced sink:\n%s", c.name, strings.Join(msgs, "\n"))
		}
	}
}

// TestRunFailsOnUnfencedSink runs the public Run, in a child test process,
// against a plain overwrite sink and requires that process to fail with a
// message naming the stale token and the newer token it overwrote.
func TestRunFailsOnUnfencedSink(t *testing.T) {
	if os.Getenv("FENCETEST_CHILD_UNFENCED") == "1" {
		s := newMemSink()
		s.unfenced = true
		Run(t, func(*testing.T) Sink { return s })
		return
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), exe, "-test.run=^TestRunFailsOnUnfencedSink$", "-test.v", "-test.short")
	cmd.Env = append(os.Environ(), "FENCETEST_CHILD_UNFENCED=1")
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Fatalf("child run of Run on an unfenced sink: want a failing exit, got err=%v\n%s", err, out)
	}
	for _, want := range []string{
		"--- FAIL: TestRunFailsOnUnfencedSink/worked-example",
		"--- FAIL: TestRunFailsOnUnfencedSink/equal-token-replay",
		"--- FAIL: TestRunFailsOnUnfencedSink/many-workers",
		"stale write accepted: token 41",
		"overwriting token 42's value",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("child output lacks %q:\n%s", want, out)
		}
	}
}
