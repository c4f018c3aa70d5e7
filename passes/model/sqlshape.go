package model

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// lockShape is what a writing SQL statement does to rows that carry a
// lease, read from the statement's structure rather than from a list of
// column names alone.
type lockShape int

// The shapes of writing statements.
const (
	// shapeWrite: any other write, a sink.
	shapeWrite lockShape = iota
	// shapeClaim takes a lease: it sets a holder or an expiry and is
	// conditioned on the row being free or expired, or returns the rows it
	// took (UPDATE … RETURNING, upserts, visibility-timeout claims).
	shapeClaim
	// shapeRenew extends the caller's own lease: it sets only expiries and
	// requires holder = $param. Neither a claim nor a sink.
	shapeRenew
	// shapeRelease clears the holder (NULL, false or 0). Still a write.
	shapeRelease
	// shapeRetention removes or marks rows selected by age alone (WHERE
	// expires_at < now()), with no key: whichever worker runs it, late or
	// not, removes the same rows. Not a sink.
	shapeRetention
)

// clockFuncs are the SQL functions that read the database's clock.
var clockFuncs = vocab.Words("now current_timestamp current_date current_time localtimestamp localtime clock_timestamp statement_timestamp transaction_timestamp sysdate sysdatetime sysutcdatetime sysdatetimeoffset getdate getutcdate utc_timestamp utc_date utc_time unix_timestamp")

// nowArgFuncs read the clock when passed the string 'now' (SQLite:
// datetime('now'), strftime('%s', 'now')).
var nowArgFuncs = vocab.Words("datetime strftime unixepoch julianday date time")

// sqlShape classifies a writing statement run by o; rows reports that the
// call returns rows (Query, QueryRow). For a claim it returns the columns
// the claim sets or increments that later writes may compare as an owner
// token.
func (m *model) sqlShape(o *op, st *sqltext.Statement, rows bool) (lockShape, []string) {
	returns := rows || len(st.Returning) > 0
	switch st.Kind {
	case sqltext.Delete:
		if m.retention(o, st) {
			return shapeRetention, nil
		}
	case sqltext.Upsert:
		if cols, ok := m.upsertClaim(o, st, returns); ok {
			return shapeClaim, cols
		}
	case sqltext.Update:
		switch {
		case m.renews(o, st):
			return shapeRenew, nil
		case m.releases(o, st):
			if m.keyless(o, st) {
				return shapeRetention, nil // a reaper of expired leases, not ours
			}
			return shapeRelease, nil
		}
		if cols, ok := m.updateClaim(o, st, returns); ok {
			return shapeClaim, cols
		}
		if cols, ok := m.optimisticClaim(o, st, func() bool { return rowCountChecked(o) }); ok {
			return shapeClaim, cols // optimistic.go
		}
		if m.retention(o, st) {
			return shapeRetention, nil
		}
	}
	return shapeWrite, nil
}

// cleared reports whether an assignment clears its column: NULL, false
// or 0.
func cleared(a sqltext.Assignment) bool {
	if a.Value.Kind != sqltext.Literal {
		return false
	}
	switch strings.ToLower(a.Value.Text) {
	case "null", "false", "0":
		return true
	}
	return false
}

// isClock reports whether an operand reads the database's clock (now(),
// now() - interval '1 day', datetime('now')).
func isClock(x sqltext.Operand) bool {
	if x.Kind != sqltext.Func && x.Kind != sqltext.Expr {
		return false
	}
	for _, f := range sqltext.Parse("SELECT " + x.Text).Funcs { // GREATEST(a, now()) too
		if clockFuncs[f] || nowArgFuncs[f] && strings.Contains(strings.ToLower(x.Text), "'now'") {
			return true
		}
	}
	return false
}

// timeValued reports whether an operand is a point in time: it reads the
// database's clock, or binds a Go argument derived from a time.Time.
func (m *model) timeValued(o *op, x sqltext.Operand) bool {
	if isClock(x) {
		return true
	}
	for _, p := range x.Params {
		if store.TimeDerived(sqlArg(o, p), 0) {
			return true
		}
	}
	return false
}

// timePredicate reports whether p compares a stored column with a point
// in time, and returns the column and whether the predicate selects rows
// older than that time (expires_at < now(), $1 >= timeout).
func (m *model) timePredicate(o *op, p sqltext.Predicate) (col string, older, ok bool) {
	stored, other, op := p.Left, p.Right, p.Op
	if stored.Kind != sqltext.Column || stored.Incoming() {
		stored, other, op = other, stored, sqltext.Mirror(op)
	}
	switch op {
	case "<", "<=", ">", ">=":
	default:
		return "", false, false
	}
	if stored.Kind != sqltext.Column || stored.Incoming() || !m.timeValued(o, other) {
		return "", false, false
	}
	return stored.Column, op == "<" || op == "<=", true
}

// conditions returns the predicates that select the rows of a statement:
// its WHERE (or an upsert's DO UPDATE … WHERE and the conditions inside
// its SET values) and those of its subqueries.
func conditions(st *sqltext.Statement) []sqltext.Predicate {
	var out []sqltext.Predicate
	if st.Kind == sqltext.Upsert {
		out = append(out, guardPredicates(st)...)
	} else {
		out = append(out, st.Where...)
	}
	return append(out, st.SubWhere...)
}

// hasHole reports whether a predicate holds text that is not known
// statically.
func hasHole(p sqltext.Predicate) bool {
	return strings.Contains(p.Left.Text, sqltext.Hole) || strings.Contains(p.Right.Text, sqltext.Hole)
}

// keyless reports whether a statement selects its rows by age alone: at
// least one of its conditions keeps rows older than a point in time, every
// time comparison points that way, and no other condition binds an
// argument (a key). Comparisons with literals (state = 'done') and
// between columns are allowed.
func (m *model) keyless(o *op, st *sqltext.Statement) bool {
	if len(st.Where) == 0 {
		return false
	}
	aged := false
	for _, p := range conditions(st) {
		if hasHole(p) {
			return false
		}
		if _, older, ok := m.timePredicate(o, p); ok {
			if !older {
				return false
			}
			aged = true
			continue
		}
		if len(p.Left.Params) > 0 || len(p.Right.Params) > 0 {
			return false
		}
	}
	return aged
}

// marksOnly reports whether every assignment of an UPDATE sets a constant
// or a point in time (state = 'expired', archived_at = now()).
func (m *model) marksOnly(o *op, st *sqltext.Statement) bool {
	if len(st.Set) == 0 {
		return false
	}
	for _, a := range st.Set {
		if a.SelfRef || a.Value.Kind != sqltext.Literal && !m.timeValued(o, a.Value) {
			return false
		}
	}
	return true
}

// retention reports whether a DELETE, or an UPDATE that only marks rows,
// selects its rows by age alone.
func (m *model) retention(o *op, st *sqltext.Statement) bool {
	if st.Kind == sqltext.Update && !m.marksOnly(o, st) {
		return false
	}
	return m.keyless(o, st)
}

// setsExpiry reports whether an assignment moves an expiry: a point in
// time, or a parameter assigned to a column named as an expiry.
func (m *model) setsExpiry(o *op, a sqltext.Assignment) bool {
	if cleared(a) || a.SelfRef {
		return false
	}
	return m.timeValued(o, a.Value) || vocab.IsExpiryColumn(a.Column) && a.Value.Kind == sqltext.Param
}

// renews reports whether an UPDATE extends the caller's own lease: it sets
// only expiries and requires holder = $param.
func (m *model) renews(o *op, st *sqltext.Statement) bool {
	if len(st.Set) == 0 {
		return false
	}
	for _, a := range st.Set {
		if !m.setsExpiry(o, a) {
			return false
		}
	}
	for _, p := range st.Where {
		if p.UnderOr || p.Op != "=" {
			continue
		}
		for _, pair := range [2][2]sqltext.Operand{{p.Left, p.Right}, {p.Right, p.Left}} {
			stored, in := pair[0], pair[1]
			if stored.Kind == sqltext.Column && !stored.Incoming() && vocab.IsHolderColumn(stored.Column) && in.Kind == sqltext.Param {
				return true
			}
		}
	}
	return false
}

// releases reports whether an UPDATE gives a lease up: it clears a lease
// column (NULL, false, 0) and sets no holder (lease columns may only be
// cleared or moved to a point in time).
func (m *model) releases(o *op, st *sqltext.Statement) bool {
	clears := false
	for _, a := range st.Set {
		if !vocab.IsLeaseColumn(a.Column) {
			continue
		}
		switch {
		case cleared(a):
			clears = true
		case !m.timeValued(o, a.Value):
			return false
		}
	}
	return clears
}

// returned reports whether a statement returns column c.
func returned(st *sqltext.Statement, c string) bool {
	for _, r := range st.Returning {
		if r == c || r == "*" {
			return true
		}
	}
	return false
}

// updateClaim reports whether an UPDATE takes a lease, and returns the
// columns the claim sets that a later write may compare as an owner
// token. The claim sets a lease column (or, when it returns its rows, a
// column the statement compares with a point in time: a visibility
// timeout) to a value that does not clear it, and either returns what it
// claimed, picks its row with FOR UPDATE, or takes the row only when its
// lease is free or expired. Token columns it sets, and counters it
// increments and returns (received = received + 1), are claim columns.
func (m *model) updateClaim(o *op, st *sqltext.Statement, returns bool) ([]string, bool) {
	timed := make(map[string]bool)
	if returns {
		for _, p := range conditions(st) {
			if c, _, ok := m.timePredicate(o, p); ok {
				timed[c] = true
			}
		}
	}
	var cols []string
	setsLease := false
	for _, a := range st.Set {
		switch {
		case cleared(a):
		case vocab.IsLeaseColumn(a.Column) || timed[a.Column]:
			setsLease = true
			cols = append(cols, a.Column)
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
		case a.SelfRef && a.Value.Kind == sqltext.Expr && returned(st, a.Column) && !vocab.IsIdentifierColumn(a.Column):
			cols = append(cols, a.Column)
		}
	}
	if !setsLease {
		return nil, false
	}
	if returns || st.ForUpdate {
		return cols, true
	}
	for _, p := range st.Where {
		if p.Left.Kind == sqltext.Column && vocab.IsLeaseColumn(p.Left.Column) ||
			p.Right.Kind == sqltext.Column && vocab.IsLeaseColumn(p.Right.Column) {
			return cols, true
		}
	}
	return nil, false
}

// upsertClaim reports whether an upsert takes a lock row: it sets a
// holder or expiry to a value that does not clear it, and either returns
// the row or updates only when the stored lease is free or expired
// (ON CONFLICT … DO UPDATE SET locked_by = $2 … WHERE t.locked = false OR
// t.lease_expires_at < now()).
func (m *model) upsertClaim(o *op, st *sqltext.Statement, returns bool) ([]string, bool) {
	var cols []string
	setsLease := false
	for _, a := range st.Set {
		switch {
		case cleared(a):
		case vocab.IsLeaseColumn(a.Column):
			setsLease = true
			cols = append(cols, a.Column)
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
		}
	}
	if !setsLease {
		return nil, false
	}
	if returns {
		return cols, true
	}
	for _, p := range guardPredicates(st) {
		if _, _, ok := m.timePredicate(o, p); ok {
			return cols, true
		}
		if c := p.StoredColumn(); c != "" && vocab.IsLeaseColumn(c) {
			return cols, true
		}
	}
	return nil, false
}

// queueAPILease reports whether fn is an exported function of a queue or
// lock library that writes the rows the package claims, keyed by a
// parameter and with no guard (func (q *Queue) Delete(id string) running
// DELETE FROM q WHERE id = ?, where the package's claim returns id). Every
// caller's stale worker can then remove a row another worker re-claimed,
// so the write is judged in the library, at the statement, as if under
// the claim's lease; its function then exports no write fact, and callers
// are not reported twice. The note names the token the claim already has.
// Administrative functions can be marked //fencecheck:idempotent.
func (m *model) queueAPILease(fn *ssa.Function) (Lease, bool) {
	obj := store.FuncObject(fn)
	if obj == nil || fn.Parent() != nil || !obj.Exported() {
		return Lease{}, false
	}
	fi := m.local[fn]
	var lease Lease
	found := false
	for _, w := range fi.ops {
		if claim, ok := m.redisItemWrite(fn, w); ok {
			if !found {
				lease = Lease{Pos: claim.Pos(), Desc: "items are reserved here by " + store.CalledName(claim) + "; " + obj.Name() + " acts on one by a parameter"}
				found = true
			}
			continue
		}
		if !w.write || w.guard != NoGuard || w.stmt == nil || w.stmt.Table == "" ||
			w.stmt.Kind != sqltext.Update && w.stmt.Kind != sqltext.Delete {
			continue
		}
		claim, key := m.claimOfKey(fn, w)
		if claim == nil {
			continue
		}
		w.note = claimTokenNote(claim.stmt)
		if !found {
			lease = Lease{Pos: claim.instr.Pos(), Desc: "rows of " + w.stmt.Table + " are claimed here by " + claim.name + "; " + obj.Name() + " writes them by " + key}
			found = true
		}
	}
	return lease, found
}

// claimOfKey returns a claim of the package on the table w writes that
// returns the key w's WHERE compares with a parameter of fn, and that key.
func (m *model) claimOfKey(fn *ssa.Function, w *op) (*op, string) {
	for _, p := range w.stmt.Where {
		if p.UnderOr || p.Op != "=" {
			continue
		}
		col, in := p.Left, p.Right
		if col.Kind != sqltext.Column {
			col, in = in, col
		}
		if col.Kind != sqltext.Column || in.Kind != sqltext.Param {
			continue
		}
		if _, ok := paramIndex(fn, store.StripConv(sqlArg(w, in.Param))); !ok {
			continue
		}
		for _, g := range m.funcs {
			for _, c := range m.local[g].ops {
				if c.acquire && c.stmt != nil && c.stmt.Table == w.stmt.Table && returned(c.stmt, col.Column) {
					return c, col.Column
				}
			}
		}
	}
	return nil, ""
}

// claimTokenNote names the token a claim already has for the writes of a
// queue library: a counter it increments, else a token column it sets.
func claimTokenNote(st *sqltext.Statement) string {
	for _, a := range st.Set {
		if a.SelfRef && !vocab.IsIdentifierColumn(a.Column) {
			return "the claim increments " + a.Column + ": return it and add AND " + a.Column + " = ?"
		}
	}
	for _, a := range st.Set {
		if vocab.IsTokenColumn(a.Column) {
			return "the claim sets " + a.Column + ": return it and add AND " + a.Column + " = ?"
		}
	}
	return "the claim returns no token: make it increment a counter, return it and compare it here"
}
