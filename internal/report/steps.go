package report

import (
	"strings"

	"github.com/fencecheck/fencecheck/internal/vetjson"
)

// Step is one step of a finding's path: a position and what happens
// there.
type Step struct {
	// Posn and End are file:line:col positions, as in go vet's JSON.
	Posn, End string
	// Message says what happens at the step ("lease taken here by
	// queue.Claim").
	Message string
}

// Steps returns the path of a finding, in order: its related positions
// as the analyzer reported them (the lease, then the calls and the
// token's origin or the ownership check), and the finding itself, the
// write, as the last step. A finding without related positions (a
// malformed directive) has the one step.
func Steps(f vetjson.Finding) []Step {
	out := make([]Step, 0, len(f.Related)+1)
	for _, r := range f.Related {
		out = append(out, Step{Posn: r.Posn, End: r.End, Message: r.Message})
	}
	return append(out, Step{Posn: f.Posn, End: f.End, Message: WriteStep(f.Message)})
}

// WriteStep is the message of a path's last step, the write: the
// finding's message without its closing explanation in parentheses
// ("(a worker that lost the lease can overwrite newer state)"), which
// the finding's own line already gives.
func WriteStep(message string) string {
	if !strings.HasSuffix(message, ")") {
		return message
	}
	// Find the parenthesis that opens the closing group.
	depth := 0
	for i := len(message) - 1; i >= 0; i-- {
		switch message[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				if i > 0 && message[i-1] == ' ' {
					if head := strings.TrimSpace(message[:i]); head != "" {
						return head
					}
				}
				return message
			}
		}
	}
	return message
}
