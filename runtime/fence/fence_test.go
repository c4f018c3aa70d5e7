package fence_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

func TestStaleErrorIsErrStale(t *testing.T) {
	var err error = &fence.StaleError{Resource: "job/7", Token: 41, Current: 42}
	wrapped := fmt.Errorf("saving result: %w", err)
	if !errors.Is(wrapped, fence.ErrStale) {
		t.Fatalf("errors.Is(%v, ErrStale) = false", wrapped)
	}
	var se *fence.StaleError
	if !errors.As(wrapped, &se) || se.Token != 41 || se.Current != 42 {
		t.Fatalf("errors.As: got %+v", se)
	}
	if got, want := err.Error(), `fence: stale token 41 for "job/7": the sink holds token 42`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got := (&fence.StaleError{Resource: "r", Token: 3}).Error(); got != `fence: stale token 3 for "r": the sink holds a newer token` {
		t.Errorf("Error() without Current = %q", got)
	}
}

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want fence.Token
		ok   bool
	}{
		{"42", 42, true},
		{"9223372036854775807", 9223372036854775807, true},
		{"0", 0, false},
		{"-1", 0, false},
		{"", 0, false},
		{"4x", 0, false},
		{" 4", 0, false},
		{"9223372036854775808", 0, false},
	} {
		got, err := fence.Parse(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v, ok=%v", tc.in, got, err, tc.want, tc.ok)
		}
	}
	if s := fence.Token(42).String(); s != "42" {
		t.Errorf("String() = %q", s)
	}
	if fence.Token(0).Valid() || !fence.Token(1).Valid() {
		t.Error("Valid: zero must be invalid, one valid")
	}
}
