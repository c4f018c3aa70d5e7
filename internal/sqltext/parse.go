package sqltext

import "slices"

// maxDepth bounds the recursion into nested groups, so hostile input
// cannot exhaust the stack.
const maxDepth = 64

// parser holds the tokens of one text and the state of the statement being
// described.
type parser struct {
	src    string
	toks   []token
	params []Placeholder
	// before[i] is the number of placeholders among toks[:i].
	before []int32
	depth  int // current recursion depth

	funcSet map[string]bool // the functions found so far, once there are many

	// Per statement: the names that qualify columns of the target row.
	target   string // target table
	alias    string // target alias
	rowAlias string // MySQL INSERT ... VALUES (...) AS new: a qualifier meaning VALUES()
}

// newParser tokenizes text, collects its placeholders and matches its
// groups.
func newParser(text string) *parser {
	p := &parser{src: text, toks: tokenize(text)}
	p.before = make([]int32, len(p.toks)+1)
	for i := range p.toks {
		if t := &p.toks[i]; t.kind == tParam {
			t.ref = int32(len(p.params))
			p.params = append(p.params, Placeholder{Style: PlaceholderStyle(t.style), Number: int(t.num), Name: t.val, Offset: int(t.pos)})
		}
		p.before[i+1] = int32(len(p.params))
	}
	p.matchGroups()
	return p
}

// matchGroups records, for every opener ('(', '[', CASE), the index of the
// first token after its group. A group left open ends where an enclosing
// group closes or at the end of its statement.
func (p *parser) matchGroups() {
	var stack []int
	var open [tRBrack + 1]int // number of openers of each kind on the stack
	closeTo := func(keep, at int) {
		for _, o := range stack[keep:] {
			p.toks[o].match = int32(at)
			open[p.toks[o].kind]--
		}
		stack = stack[:keep]
	}
	for i, t := range p.toks {
		switch {
		case t.kind == tLParen || t.kind == tLBrack || t.kind == tIdent && t.val == "case":
			stack = append(stack, i)
			open[t.kind]++
		case (t.kind == tRParen || t.kind == tRBrack) && open[t.kind-1] > 0: // tLParen/tLBrack precede their closers
			k := len(stack) - 1
			for p.toks[stack[k]].kind != t.kind-1 {
				k--
			}
			o := stack[k]
			closeTo(k, i)
			p.toks[o].match, p.toks[o].closed = int32(i+1), true
		case t.kind == tIdent && t.val == "end":
			if k := len(stack) - 1; k >= 0 && p.toks[stack[k]].kind == tIdent {
				o := stack[k]
				closeTo(k, i)
				p.toks[o].match, p.toks[o].closed = int32(i+1), true
			}
		case t.kind == tSemi:
			closeTo(0, i)
		}
	}
	closeTo(0, len(p.toks))
}

// segments returns the [lo, hi) token ranges of the non-empty statements.
func (p *parser) segments() [][2]int {
	var segs [][2]int
	lo := 0
	for i := 0; i <= len(p.toks); i++ {
		if i == len(p.toks) || p.toks[i].kind == tSemi {
			if i > lo {
				segs = append(segs, [2]int{lo, i})
			}
			lo = i + 1
		}
	}
	return segs
}

// word returns the lowercased text of an unquoted word at i, or "".
func (p *parser) word(i int) string {
	if p.is(i, tIdent) {
		return p.toks[i].val
	}
	return ""
}

// is reports whether the token at i has kind k.
func (p *parser) is(i int, k tokKind) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == k
}

// isOp reports whether the token at i is the operator op.
func (p *parser) isOp(i int, op string) bool { return p.is(i, tOp) && p.toks[i].val == op }

// isName reports whether the token at i can name a table or column.
func (p *parser) isName(i int) bool { return p.is(i, tIdent) || p.is(i, tQuoted) || p.is(i, tHole) }

// skip returns the index after the token at i, or after its whole group
// when it opens one.
func (p *parser) skip(i int) int { return max(i+1, p.match(i)) }

// match returns the index after the group opened at i (0 for non-openers).
func (p *parser) match(i int) int { return int(p.toks[i].match) }

// inner returns the index just past the content of the group opened at i.
func (p *parser) inner(i int) int {
	if p.toks[i].closed {
		return p.match(i) - 1
	}
	return p.match(i)
}

// wraps reports whether a parenthesised group opened at a spans exactly to
// b and holds one expression, not a query or a list.
func (p *parser) wraps(a, b int) bool {
	return a < b && p.is(a, tLParen) && p.match(a) == b && !p.isSubquery(a+1) && p.nextComma(a+1, p.inner(a)) == p.inner(a)
}

// isSubquery reports whether the tokens from i, just inside a '(', start
// a query. VALUES right inside a function's parentheses is MySQL's
// VALUES(col), not a query.
func (p *parser) isSubquery(i int) bool {
	open := i - 1
	for n := 0; n < 4 && p.is(i, tLParen); n++ {
		i++
	}
	switch p.word(i) {
	case "select", "with", "table":
		return true
	case "values":
		return !p.is(open-1, tQuoted) && (!p.is(open-1, tIdent) || isReserved(p.toks[open-1].val))
	}
	return false
}

// findKw returns the index of the first top-level keyword w in [a, b), or
// -1. The search stops at the closer of an enclosing group.
func (p *parser) findKw(a, b int, w string) int {
	if i := p.clauseEnd(a, b, func(x string) bool { return x == w }); i < b && p.word(i) == w {
		return i
	}
	return -1
}

// clauseEnd returns the index of the first top-level token in [a, b) that
// is a keyword for which stop is true, or the closer of an enclosing
// group; b if there is none.
func (p *parser) clauseEnd(a, b int, stop func(string) bool) int {
	for i := a; i < b; i = p.skip(i) {
		if p.is(i, tRParen) {
			return i
		}
		if w := p.word(i); w != "" && stop(w) && p.clausePosition(i) {
			return i
		}
	}
	return b
}

// clausePosition reports whether the word at i is used as a keyword
// rather than as a column name (offset < $1, a = offset, t.limit).
func (p *parser) clausePosition(i int) bool {
	if p.is(i-1, tDot) || p.is(i-1, tOp) && p.toks[i-1].val != "*" || isPredicateWord(p.word(i-1)) {
		return false
	}
	if i+1 >= len(p.toks) {
		return true
	}
	switch t := p.toks[i+1]; t.kind {
	case tDot, tComma, tRParen, tSemi:
		return false
	case tOp:
		return compareOp(t.val) == ""
	case tIdent: // offset IS NULL, but WHERE NOT x
		return t.val == "not" || !isPredicateWord(t.val)
	}
	return true
}

// nextComma returns the index of the next top-level comma in [a, b), or b.
func (p *parser) nextComma(a, b int) int {
	for i := a; i < b; i = p.skip(i) {
		if p.is(i, tComma) {
			return i
		}
	}
	return b
}

// nameChain scans a dotted name (a.b.c) at i and returns the index after
// it, the index of its last part and the number of parts.
func (p *parser) nameChain(i, hi int) (end, last, n int) {
	for end, last = i, -1; end < hi && p.isName(end); end += 2 {
		last, n = end, n+1
		if end+2 >= hi || !p.is(end+1, tDot) || !p.isName(end+2) {
			return end + 1, last, n
		}
	}
	return end, last, n
}

// tableName reads a possibly qualified table name at i. It returns its
// last part lowercased ("" for a hole) and the index after it.
func (p *parser) tableName(i, hi int) (string, int) {
	if p.word(i) == "only" {
		i++
	}
	end, last, n := p.nameChain(i, hi)
	if n == 0 {
		return "", i
	}
	if p.isOp(end, "*") { // PostgreSQL: t * includes inheritors
		end++
	}
	return p.toks[last].val, end
}

// tableAlias reads an optional "[AS] alias" at i and returns the alias and
// the index after it.
func (p *parser) tableAlias(i, hi int) (string, int) {
	switch {
	case i+1 < hi && p.word(i) == "as" && p.isName(i+1):
		return p.toks[i+1].val, i + 2
	case i < hi && (p.is(i, tQuoted) || p.is(i, tIdent) && !isReserved(p.word(i)) && !isClauseWord(p.word(i))):
		return p.toks[i].val, i + 1
	}
	return "", i
}

// skipModifiers skips the modifiers after a statement keyword: MySQL's
// LOW_PRIORITY and the like, SELECT's DISTINCT [ON (...)], and SQL
// Server's TOP (n) [PERCENT] [WITH TIES].
func (p *parser) skipModifiers(i, hi int, sel bool) int {
	for i < hi {
		switch w := p.word(i); {
		case sel && w == "distinct" && p.word(i+1) == "on" && p.is(i+2, tLParen):
			i = p.skip(i + 2)
		case w == "top" && i+1 < hi:
			if i = p.skip(i + 1); p.word(i) == "percent" {
				i++
			}
			if p.word(i) == "with" && p.word(i+1) == "ties" {
				i += 2
			}
		case isModifier(w, sel):
			i++
		default:
			return i
		}
	}
	return i
}

// statement describes the statement in tokens [lo, hi).
func (p *parser) statement(lo, hi int) *Statement {
	st := &Statement{}
	p.target, p.alias, p.rowAlias = "", "", ""
	i := lo
	for i < hi && p.is(i, tLParen) {
		i++
	}
	parens, body := i > lo, i
	if p.word(i) == "with" {
		i = p.skipWith(i+1, hi)
	}
	switch w := p.word(i); {
	case w == "select" || w == "values" || w == "table" || w == "show":
		p.selectStmt(st, i, hi)
	case parens || w == "":
		// Unknown: a hole, a literal, a parenthesised non-query.
	case w == "insert" || w == "replace" || w == "upsert":
		p.insertStmt(st, i, hi)
	case w == "update" || w == "delete":
		p.updateStmt(st, i, hi)
	case w == "merge":
		p.mergeStmt(st, i, hi)
	default:
		st.Kind = Other
	}
	if st.Kind != Other {
		st.SubWhere = p.subWheres(body, hi)
	}
	return st
}

// subWheres returns the predicates of the WHERE clauses of the subqueries
// and common table expressions in tokens [lo, hi), in order of
// appearance. Each '(' is looked at once, and each subquery's WHERE is
// scanned at its own top level, so the work stays linear.
func (p *parser) subWheres(lo, hi int) []Predicate {
	var out []Predicate
	for i := lo; i < hi; i++ {
		if !p.is(i, tLParen) || p.is(i+1, tLParen) || !p.isSubquery(i+1) {
			continue
		}
		a, b := i+1, p.inner(i)
		if p.word(a) == "with" {
			a = p.skipWith(a+1, b)
		}
		if p.word(a) != "select" {
			continue
		}
		a = p.skipModifiers(a+1, b, true)
		from := p.findKw(p.clauseEnd(a, b, isClauseEnd), b, "from")
		if from < 0 {
			continue
		}
		out = append(out, p.where(p.clauseEnd(from+1, b, isFromEnd), b)...)
	}
	return out
}

// skipWith skips the common table expressions after WITH and returns the
// index of the main statement.
func (p *parser) skipWith(i, hi int) int {
	if p.word(i) == "recursive" {
		i++
	}
	for i < hi && p.isName(i) {
		if i++; p.is(i, tLParen) { // column list
			i = p.skip(i)
		}
		if p.word(i) != "as" {
			return i
		}
		for i++; p.word(i) == "not" || p.word(i) == "materialized"; i++ {
		}
		if !p.is(i, tLParen) {
			return i
		}
		if i = p.skip(i); !p.is(i, tComma) {
			return i
		}
		i++
	}
	return i
}

// selectStmt describes SELECT, VALUES, TABLE and SHOW statements.
func (p *parser) selectStmt(st *Statement, i, hi int) {
	st.Kind = Select
	switch p.word(i) {
	case "table":
		st.Table, _ = p.tableName(i+1, hi)
		return
	case "values", "show":
		return
	}
	i = p.skipModifiers(i+1, hi, true)
	end := p.clauseEnd(i, hi, isClauseEnd)
	st.Columns = p.names(i, end)
	from := p.findKw(end, hi, "from")
	if from < 0 {
		return
	}
	if name, next := p.tableName(from+1, hi); !p.is(next, tLParen) && p.word(from+1) != "lateral" {
		st.Table = name
	}
	st.Where = p.where(p.clauseEnd(from+1, hi, isFromEnd), hi)
}

// where returns the predicates of the WHERE clause whose keyword is at w,
// or nil when there is none.
func (p *parser) where(w, hi int) []Predicate {
	if w < 0 || w >= hi || p.word(w) != "where" {
		return nil
	}
	return p.boolExpr(w+1, p.clauseEnd(w+1, hi, isWhereEnd), false, nil)
}

// targetTable reads the target table of a writing statement and its
// optional alias at i, and returns the index after them.
func (p *parser) targetTable(st *Statement, i, hi int) int {
	st.Table, i = p.tableName(i, hi)
	p.target = st.Table
	p.alias, i = p.tableAlias(i, hi)
	return i
}

// updateStmt describes UPDATE and DELETE statements, including SQLite's
// UPDATE OR REPLACE, MySQL's DELETE t FROM t JOIN ... and SQL Server's
// DELETE t WHERE ....
func (p *parser) updateStmt(st *Statement, i, hi int) {
	st.Kind = Delete
	if p.word(i) == "update" {
		st.Kind = Update
	}
	if i = p.skipModifiers(i+1, hi, false); p.word(i) == "or" { // SQLite: UPDATE OR REPLACE
		i += 2
	}
	if p.word(i) == "from" {
		i++
	}
	i = p.targetTable(st, i, hi)
	st.TTL = st.Kind == Update && p.usingTTL(i, hi)
	end := p.ifClause(i, hi) // CQL: … WHERE k = ? IF cond
	if set := p.findKw(i, end, "set"); set >= 0 && st.Kind == Update {
		i = p.clauseEnd(set+1, end, isClauseEnd)
		st.Set = p.assignments(set+1, i)
	}
	st.Where = p.where(p.findKw(i, end, "where"), end)
	st.Returning = p.returning(i, end)
	p.lwtConditions(st, end, hi)
}

// insertStmt describes INSERT, REPLACE and UPSERT statements and their
// ON CONFLICT / ON DUPLICATE KEY UPDATE clauses.
func (p *parser) insertStmt(st *Statement, i, hi int) {
	st.Kind = Insert
	if w := p.word(i); w == "replace" || w == "upsert" {
		st.Kind = Upsert
	}
	if i = p.skipModifiers(i+1, hi, false); p.word(i) == "or" { // SQLite: INSERT OR REPLACE / OR IGNORE
		if p.word(i+1) == "replace" {
			st.Kind = Upsert
		}
		i += 2
	}
	if p.word(i) == "into" {
		i++
	}
	i = p.targetTable(st, i, hi)
	if p.is(i, tLParen) && !p.isSubquery(i+1) {
		st.Columns = p.names(i+1, p.inner(i))
		i = p.skip(i)
	}
	if p.word(i) == "set" { // MySQL: INSERT INTO t SET a = 1
		for _, a := range p.assignments(i+1, p.clauseEnd(i+1, hi, isClauseEnd)) {
			st.Columns = append(st.Columns, a.Column)
		}
	}
	on := i
	for ; on+1 < hi && !p.is(on, tRParen); on = p.skip(on) {
		if w := p.word(on + 1); p.word(on) == "on" && (w == "conflict" || w == "duplicate") {
			break
		}
	}
	switch {
	case on+1 >= hi || p.word(on) != "on":
	case p.word(on+1) == "conflict":
		p.onConflict(st, on+2, hi)
	case p.word(i) == "values" || p.word(i) == "value" || p.word(i) == "set":
		if as := p.findKw(i, on, "as"); as >= 0 && p.isName(as+1) {
			p.rowAlias = p.toks[as+1].val
		}
		fallthrough
	default: // ON DUPLICATE KEY UPDATE
		st.Kind = Upsert
		set := on + 4
		st.Set = p.assignments(set, p.clauseEnd(set, hi, isClauseEnd))
	}
	st.Returning = p.returning(i, hi)
	if at := p.ifClause(i, hi); p.word(at+1) == "not" && p.word(at+2) == "exists" {
		st.IfNotExists = true // CQL: INSERT … IF NOT EXISTS
	}
	st.TTL = p.usingTTL(i, hi)
}

// onConflict describes ON CONFLICT [target] DO NOTHING | DO UPDATE SET ...
// [WHERE ...]; i is the index after CONFLICT.
func (p *parser) onConflict(st *Statement, i, hi int) {
	do := p.findKw(i, hi, "do")
	if do < 0 || p.word(do+1) != "update" || p.word(do+2) != "set" {
		return
	}
	st.Kind = Upsert
	end := p.clauseEnd(do+3, hi, isClauseEnd)
	st.Set = p.assignments(do+3, end)
	st.ConflictWhere = p.where(end, hi)
}

// mergeStmt describes MERGE statements. Where collects the conditions of
// WHEN MATCHED AND <cond> clauses that update or delete; when more than
// one clause writes, none of them constrains the statement on its own.
func (p *parser) mergeStmt(st *Statement, i, hi int) {
	st.Kind = Merge
	if i = p.skipModifiers(i+1, hi, false); p.word(i) == "into" {
		i++
	}
	i = p.targetTable(st, i, hi)
	writers := 0
	for w := p.findKw(i, hi, "when"); w >= 0; {
		next := p.findKw(w+1, hi, "when")
		end := next
		if next < 0 {
			end = hi
		}
		if then := p.findKw(w+1, end, "then"); then >= 0 {
			action := p.word(then + 1)
			writes := action == "update" || action == "delete"
			matched := p.word(w+1) == "matched"
			if writes && (matched || p.findKw(w+1, then, "source") >= 0) { // WHEN NOT MATCHED BY SOURCE
				writers++
			}
			if and := p.findKw(w+1, then, "and"); and >= 0 && matched && writes {
				st.Where = p.boolExpr(and+1, then, false, st.Where)
			}
			if action == "update" && p.word(then+2) == "set" {
				st.Set = append(st.Set, p.assignments(then+3, p.clauseEnd(then+3, end, isClauseEnd))...)
			}
		}
		w = next
	}
	for k := range st.Where {
		st.Where[k].UnderOr = st.Where[k].UnderOr || writers > 1
	}
	st.Returning = p.returning(i, hi)
}

// returning returns the names of the RETURNING or OUTPUT list found at the
// top level of [a, hi), or nil.
func (p *parser) returning(a, hi int) []string {
	if r := p.findKw(a, hi, "returning"); r >= 0 {
		return p.names(r+1, p.clauseEnd(r+1, hi, isClauseEnd))
	}
	if o := p.findKw(a, hi, "output"); o >= 0 {
		return p.names(o+1, p.clauseEnd(o+1, hi, isOutputEnd))
	}
	return nil
}

// names returns the name of every comma-separated item in [a, b): its
// alias, else "*" for a star, else its column, else its function, else "".
func (p *parser) names(a, b int) []string {
	var out []string
	for s := a; s < b; {
		e := p.nextComma(s, b)
		out = append(out, p.itemName(s, e))
		s = e + 1
	}
	return out
}

// itemName names one item of a select list, RETURNING list or column list.
func (p *parser) itemName(a, b int) string {
	last := b - 1
	switch {
	case a >= b:
		return ""
	case b-a >= 2 && (p.is(last, tQuoted) || p.is(last, tIdent) && !isReserved(p.word(last))) &&
		(p.word(last-1) == "as" || p.endsExpr(last-1)):
		return p.toks[last].val
	case p.isOp(last, "*"):
		return "*"
	}
	switch op := p.operand(a, b); op.Kind {
	case Column:
		return op.Column
	case Func:
		return op.Func
	}
	return ""
}

// endsExpr reports whether the token at i can end an expression, so that
// a name right after it is an alias.
func (p *parser) endsExpr(i int) bool {
	switch p.toks[i].kind {
	case tQuoted, tString, tNumber, tParam, tHole, tRParen, tRBrack:
		return true
	case tIdent:
		w := p.toks[i].val
		return !isReserved(w) || isLiteralWord(w) || isTimeWord(w) || w == "end"
	}
	return false
}

// funcs appends to out every function called in tokens [lo, hi) that out
// does not hold yet. Data definition statements are skipped: their type
// names and column lists look like calls.
func (p *parser) funcs(lo, hi int, out []string) []string {
	if w := p.word(lo); w == "create" || w == "alter" {
		return out
	}
	for i := lo; i < hi; i++ {
		t := p.toks[i]
		call := p.is(i+1, tLParen) && (t.kind == tIdent || t.kind == tQuoted) && p.isCall(i)
		niladic := t.kind == tIdent && isTimeWord(t.val) && !p.is(i-1, tDot)
		if (call || niladic) && t.val != "" {
			out = p.addFunc(out, t.val)
		}
	}
	return out
}

// isCall reports whether the name at i, followed by '(', calls a function
// rather than naming a table with a column list, a type, a CTE or a
// keyword construct.
func (p *parser) isCall(i int) bool {
	if isNonCallWord(p.word(i)) {
		return false
	}
	s := i
	for p.is(s-1, tDot) && p.isName(s-2) {
		s -= 2
	}
	if p.isOp(s-1, "::") || isNameIntroducer(p.word(s-1)) {
		return false
	}
	after := p.skip(i + 1) // WITH name (cols) AS [NOT MATERIALIZED] (...)
	next := p.word(after + 1)
	return p.word(after) != "as" || !p.is(after+1, tLParen) && next != "not" && next != "materialized"
}

// locking reports FOR UPDATE / FOR NO KEY UPDATE (or UPDLOCK/XLOCK hints)
// and SKIP LOCKED (or READPAST) anywhere in the text.
func (p *parser) locking() (forUpdate, skipLocked bool) {
	for i := range p.toks {
		switch p.word(i) {
		case "for":
			next := p.word(i + 1)
			forUpdate = forUpdate || next == "update" || next == "no" && p.word(i+2) == "key" && p.word(i+3) == "update"
		case "skip":
			skipLocked = skipLocked || p.word(i+1) == "locked"
		case "updlock", "xlock":
			forUpdate = true
		case "readpast":
			skipLocked = true
		}
	}
	return forUpdate, skipLocked
}

// addFunc appends name to out unless out holds it already. Long lists
// are indexed by a set, so that the scan stays linear.
func (p *parser) addFunc(out []string, name string) []string {
	if len(out) < 16 {
		if slices.Contains(out, name) {
			return out
		}
		return append(out, name)
	}
	if p.funcSet == nil {
		p.funcSet = make(map[string]bool, 2*len(out))
		for _, f := range out {
			p.funcSet[f] = true
		}
	}
	if p.funcSet[name] {
		return out
	}
	p.funcSet[name] = true
	return append(out, name)
}
