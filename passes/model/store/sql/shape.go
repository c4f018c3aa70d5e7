package sql

import (
	"strings"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// The shapes of writing statements.
const (
	// ShapeWrite: any other write, a sink.
	ShapeWrite Shape = iota
	// ShapeClaim takes a lease: it sets a holder or an expiry and is
	// conditioned on the row being free or expired, or returns the rows it
	// took (UPDATE … RETURNING, upserts, visibility-timeout claims).
	ShapeClaim
	// ShapeRenew extends the caller's own lease: it sets only expiries and
	// requires holder = $param. Neither a claim nor a sink.
	ShapeRenew
	// ShapeRelease clears the holder (NULL, false or 0). Still a write.
	ShapeRelease
	// ShapeRetention removes or marks rows selected by age alone (WHERE
	// expires_at < now()), with no key: whichever worker runs it, late or
	// not, removes the same rows. Not a sink.
	ShapeRetention
)

// Shape is what a writing SQL statement does to rows that carry a
// lease, read from the statement's structure rather than from a list of
// column names alone.
type Shape int

// clockFuncs are the SQL functions that read the database's clock.
var clockFuncs = vocab.Words("now current_timestamp current_date current_time localtimestamp localtime clock_timestamp statement_timestamp transaction_timestamp sysdate sysdatetime sysutcdatetime sysdatetimeoffset getdate getutcdate utc_timestamp utc_date utc_time unix_timestamp")

// nowArgFuncs read the clock when passed the string 'now' (SQLite:
// datetime('now'), strftime('%s', 'now')).
var nowArgFuncs = vocab.Words("datetime strftime unixepoch julianday date time")

// Shape classifies a writing statement; rows reports that the
// call returns rows (Query, QueryRow). For a claim it returns the columns
// the claim sets or increments that later writes may compare as an owner
// token.
func (s Stmt) Shape(rows bool) (Shape, []string) {
	returns := rows || len(s.Returning) > 0
	switch s.Kind {
	case sqltext.Delete:
		if s.retention() {
			return ShapeRetention, nil
		}
	case sqltext.Upsert:
		if cols, ok := s.upsertClaim(returns); ok {
			return ShapeClaim, cols
		}
	case sqltext.Update:
		switch {
		case s.renews():
			return ShapeRenew, nil
		case s.releases():
			if s.keyless() {
				return ShapeRetention, nil // a reaper of expired leases, not ours
			}
			return ShapeRelease, nil
		}
		if cols, ok := s.updateClaim(returns); ok {
			return ShapeClaim, cols
		}
		if cols, ok := s.optimisticClaim(func() bool { return RowCountChecked(s.Call) }); ok {
			return ShapeClaim, cols
		}
		if s.retention() {
			return ShapeRetention, nil
		}
	}
	return ShapeWrite, nil
}

// Cleared reports whether an assignment clears its column: NULL, false
// or 0.
func Cleared(a sqltext.Assignment) bool {
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

// TimeValued reports whether an operand is a point in time: it reads the
// database's clock, or binds a Go argument derived from a time.Time.
func (s Stmt) TimeValued(x sqltext.Operand) bool {
	if isClock(x) {
		return true
	}
	for _, p := range x.Params {
		if store.TimeDerived(s.arg(p), 0) {
			return true
		}
	}
	return false
}

// TimePredicate reports whether p compares a stored column with a point
// in time, and returns the column and whether the predicate selects rows
// older than that time (expires_at < now(), $1 >= timeout).
func (s Stmt) TimePredicate(p sqltext.Predicate) (col string, older, ok bool) {
	stored, other, op := p.Left, p.Right, p.Op
	if stored.Kind != sqltext.Column || stored.Incoming() {
		stored, other, op = other, stored, sqltext.Mirror(op)
	}
	switch op {
	case "<", "<=", ">", ">=":
	default:
		return "", false, false
	}
	if stored.Kind != sqltext.Column || stored.Incoming() || !s.TimeValued(other) {
		return "", false, false
	}
	return stored.Column, op == "<" || op == "<=", true
}

// Conditions returns the predicates that select the rows of a statement:
// its WHERE (or an upsert's DO UPDATE … WHERE and the conditions inside
// its SET values) and those of its subqueries.
func Conditions(st *sqltext.Statement) []sqltext.Predicate {
	var out []sqltext.Predicate
	if st.Kind == sqltext.Upsert {
		out = append(out, GuardPredicates(st)...)
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
func (s Stmt) keyless() bool {
	if len(s.Where) == 0 {
		return false
	}
	aged := false
	for _, p := range Conditions(s.Statement) {
		if hasHole(p) {
			return false
		}
		if _, older, ok := s.TimePredicate(p); ok {
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
func (s Stmt) marksOnly() bool {
	if len(s.Set) == 0 {
		return false
	}
	for _, a := range s.Set {
		if a.SelfRef || a.Value.Kind != sqltext.Literal && !s.TimeValued(a.Value) {
			return false
		}
	}
	return true
}

// retention reports whether a DELETE, or an UPDATE that only marks rows,
// selects its rows by age alone.
func (s Stmt) retention() bool {
	if s.Kind == sqltext.Update && !s.marksOnly() {
		return false
	}
	return s.keyless()
}

// SetsExpiry reports whether an assignment moves an expiry: a point in
// time, or a parameter assigned to a column named as an expiry.
func (s Stmt) SetsExpiry(a sqltext.Assignment) bool {
	if Cleared(a) || a.SelfRef {
		return false
	}
	return s.TimeValued(a.Value) || vocab.IsExpiryColumn(a.Column) && a.Value.Kind == sqltext.Param
}

// renews reports whether an UPDATE extends the caller's own lease: it sets
// only expiries and requires holder = $param.
func (s Stmt) renews() bool {
	if len(s.Set) == 0 {
		return false
	}
	for _, a := range s.Set {
		if !s.SetsExpiry(a) {
			return false
		}
	}
	for _, p := range s.Where {
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
// Cleared or moved to a point in time).
func (s Stmt) releases() bool {
	clears := false
	for _, a := range s.Set {
		if !vocab.IsLeaseColumn(a.Column) {
			continue
		}
		switch {
		case Cleared(a):
			clears = true
		case !s.TimeValued(a.Value):
			return false
		}
	}
	return clears
}

// Returned reports whether a statement returns column c.
func Returned(st *sqltext.Statement, c string) bool {
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
func (s Stmt) updateClaim(returns bool) ([]string, bool) {
	timed := make(map[string]bool)
	if returns {
		for _, p := range Conditions(s.Statement) {
			if c, _, ok := s.TimePredicate(p); ok {
				timed[c] = true
			}
		}
	}
	var cols []string
	setsLease := false
	for _, a := range s.Set {
		switch {
		case Cleared(a):
		case vocab.IsLeaseColumn(a.Column) || timed[a.Column]:
			setsLease = true
			cols = append(cols, a.Column)
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
		case a.SelfRef && a.Value.Kind == sqltext.Expr && Returned(s.Statement, a.Column) && !vocab.IsIdentifierColumn(a.Column):
			cols = append(cols, a.Column)
		}
	}
	if !setsLease {
		return nil, false
	}
	if returns || s.ForUpdate {
		return cols, true
	}
	for _, p := range s.Where {
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
func (s Stmt) upsertClaim(returns bool) ([]string, bool) {
	var cols []string
	setsLease := false
	for _, a := range s.Set {
		switch {
		case Cleared(a):
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
	for _, p := range GuardPredicates(s.Statement) {
		if _, _, ok := s.TimePredicate(p); ok {
			return cols, true
		}
		if c := p.StoredColumn(); c != "" && vocab.IsLeaseColumn(c) {
			return cols, true
		}
	}
	return nil, false
}

// ClaimTokenNote names the token a claim already has for the writes of a
// queue library: a counter it increments, else a token column it sets.
func ClaimTokenNote(st *sqltext.Statement) string {
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

// DeadlineColumns reports whether an UPDATE sets an expiry column
// (deadline, lease_until, visible_at) to a point in time, and returns the lease and token columns it sets.
func (s Stmt) DeadlineColumns() ([]string, bool) {
	var cols []string
	deadline := false
	for _, a := range s.Set {
		switch {
		case Cleared(a):
		case vocab.IsLeaseColumn(a.Column) || vocab.IsExpiryColumn(a.Column):
			cols = append(cols, a.Column)
			deadline = deadline || vocab.IsExpiryColumn(a.Column) && s.SetsExpiry(a)
		case vocab.IsTokenColumn(a.Column):
			cols = append(cols, a.Column)
		}
	}
	return cols, deadline
}

// FreeColumns returns the columns a SELECT tests for a free or expired
// lease: c IS NULL, c = false / 0, or c older than a point in time.
func (s Stmt) FreeColumns() map[string]bool {
	free := make(map[string]bool)
	for _, p := range Conditions(s.Statement) {
		if c, older, ok := s.TimePredicate(p); ok {
			if older {
				free[c] = true
			}
			continue
		}
		c := p.StoredColumn()
		if c == "" {
			continue
		}
		lit := p.Right
		if p.Right.Kind == sqltext.Column {
			lit = p.Left
		}
		if (p.Op == "is" || p.Op == "=") && Cleared(sqltext.Assignment{Value: lit}) {
			free[c] = true
		}
	}
	return free
}

// SetsAny reports whether an UPDATE sets one of cols to a value that does
// not clear it.
func SetsAny(st *sqltext.Statement, cols map[string]bool) bool {
	for _, a := range st.Set {
		if cols[a.Column] && !Cleared(a) {
			return true
		}
	}
	return false
}

// KeyedByParam reports whether a statement's WHERE selects rows by a key
// bound to arguments: col = $1, col IN (…), col = ANY($1).
func KeyedByParam(st *sqltext.Statement) bool {
	for _, p := range st.Where {
		if p.UnderOr || p.Op != "=" && p.Op != "in" {
			continue
		}
		if p.Left.Kind == sqltext.Column && len(p.Right.Params) > 0 || p.Right.Kind == sqltext.Column && len(p.Left.Params) > 0 {
			return true
		}
	}
	return false
}
