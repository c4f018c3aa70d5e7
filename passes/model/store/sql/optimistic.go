package sql

import (
	"go/constant"
	"strings"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
	"golang.org/x/tools/go/ssa"
)

// holderWords name who holds a lease (worker, holder, leader); a lease
// column ending in _by (locked_by, claimed_by, leased_by) does too.
// Owners are left out (moving a document to a new owner under a version
// check is an edit, not a claim), and so are flags (locked, visible).
var holderWords = vocab.Words("worker holder leader")

// whoColumn reports whether a lease column records who holds the lease.
func whoColumn(c string) bool {
	return columnHasWord(c, holderWords) || strings.HasSuffix(c, "_by") && !strings.Contains(c, "own")
}

// optimisticClaim reports whether an UPDATE claims a job row by
// optimistic concurrency, and returns the columns it sets that a later
// write may compare as the claim's token. Three things make it a claim
// rather than a compare-and-set edit of a record:
//
//   - it moves a version: a token column is both assigned (version =
//     version + 1, version = $n) and required equal to a parameter in the
//     top-level WHERE (the version the worker read);
//   - it takes the row: it sets a state column to a claimed state
//     ('running', 'claimed', …), a column that records who holds it
//     (locked_by, worker, holder; not owner, not a flag such as
//     visible) to a value that is not a literal, or an expiry or heartbeat column
//     to a point in time;
//   - its row count is read (checked reports it): only then does the
//     worker know it won.
//
// An edit of a document (SET body = $1, version = version + 1,
// updated_at = now() WHERE id = $2 AND version = $3) moves a version but
// takes nothing, and stays an ordinary guarded write.
func (s Stmt) optimisticClaim(checked func() bool) ([]string, bool) {
	if s.Kind != sqltext.Update || s.HasHole {
		return nil, false
	}
	versioned, takes := false, false
	var cols []string
	for _, a := range s.Set {
		if Cleared(a) {
			continue
		}
		switch {
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
			if a.Value.Kind != sqltext.Literal && (a.SelfRef || len(a.Params) > 0) && versionRequired(s.Statement, a.Column) {
				versioned = true
			}
		case vocab.IsStateColumn(a.Column):
			takes = takes || s.claimedStateValue(a.Value)
		case vocab.IsExpiryColumn(a.Column):
			cols = append(cols, a.Column)
			takes = takes || !a.SelfRef && s.TimeValued(a.Value) // a point in time, not a flag
		case vocab.IsLeaseColumn(a.Column):
			cols = append(cols, a.Column)
			takes = takes || whoColumn(a.Column) && a.Value.Kind != sqltext.Literal
		}
	}
	if !versioned || !takes || !checked() {
		return nil, false
	}
	return cols, true
}

// versionRequired reports whether the top-level WHERE of st requires
// column c equal to a parameter.
func versionRequired(st *sqltext.Statement, c string) bool {
	for _, p := range st.Where {
		if p.UnderOr || p.Op != "=" {
			continue
		}
		for _, pair := range [2][2]sqltext.Operand{{p.Left, p.Right}, {p.Right, p.Left}} {
			if pair[0].Kind == sqltext.Column && !pair[0].Incoming() && pair[0].Column == c && pair[1].Kind == sqltext.Param {
				return true
			}
		}
	}
	return false
}

// claimedStateValue reports whether a state assignment's value is a
// claimed state: a literal, or a parameter bound to a string constant.
func (s Stmt) claimedStateValue(x sqltext.Operand) bool {
	switch x.Kind {
	case sqltext.Literal:
		return vocab.IsClaimedState(x.Text)
	case sqltext.Param:
		if c, ok := store.StripConv(s.arg(x.Param)).(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
			return vocab.IsClaimedState(constant.StringVal(c.Value))
		}
	}
	return false
}

// columnHasWord reports whether one of c's '_'-separated parts is in set.
func columnHasWord(c string, set map[string]bool) bool {
	for _, part := range strings.Split(c, "_") {
		if set[part] {
			return true
		}
	}
	return false
}
