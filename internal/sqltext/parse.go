package sqltext

// maxDepth bounds the recursion into nested groups, so hostile input
// cannot exhaust the stack.
const maxDepth = 64

// parser holds the tokens of one text and the state of the statement being
// described.
type parser struct {
	src    string
	toks   []token
	params []Placeholder
	depth  int // current recursion depth

	// Per statement: names that refer to the target row.
	target   string // target table
	alias    string // target alias
	rowAlias string // MySQL INSERT ... VALUES (...) AS new: qualifier meaning VALUES()
}

// newParser tokenizes text, matches its brackets and collects its
// placeholders.
func newParser(text string) *parser {
	p := &parser{src: text, toks: tokenize(text)}
	for i := range p.toks {
		t := &p.toks[i]
		if t.kind != tParam {
			continue
		}
		t.ref = len(p.params)
		ph := Placeholder{Style: t.style, Number: t.num, Offset: t.pos}
		if t.style == Colon || t.style == At {
			ph.Name = t.val
		}
		p.params = append(p.params, ph)
	}
	p.matchGroups()
	return p
}

// matchGroups records, for every opener ('(', '[', CASE), the index of the
// first token after its group. A group left open ends where an enclosing
// group closes or at the end of its statement.
func (p *parser) matchGroups() {
	var stack []int
	closeTo := func(keep, at int) {
		for _, o := range stack[keep:] {
			p.toks[o].match = at
		}
		stack = stack[:keep]
	}
	for i := range p.toks {
		t := &p.toks[i]
		switch {
		case t.kind == tLParen || t.kind == tLBrack || t.kind == tIdent && t.val == "case":
			stack = append(stack, i)
		case t.kind == tRParen || t.kind == tRBrack:
			opener := tLParen
			if t.kind == tRBrack {
				opener = tLBrack
			}
			for k := len(stack) - 1; k >= 0; k-- {
				if p.toks[stack[k]].kind == opener {
					o := stack[k]
					closeTo(k+1, i)
					p.toks[o].match, p.toks[o].closed = i+1, true
					stack = stack[:k]
					break
				}
			}
		case t.kind == tIdent && t.val == "end":
			if k := len(stack) - 1; k >= 0 && p.toks[stack[k]].kind == tIdent {
				p.toks[stack[k]].match, p.toks[stack[k]].closed = i+1, true
				stack = stack[:k]
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
		if i < len(p.toks) && p.toks[i].kind != tSemi {
			continue
		}
		if i > lo {
			segs = append(segs, [2]int{lo, i})
		}
		lo = i + 1
	}
	return segs
}

// word returns the lowercased text of an unquoted word at i, or "".
func (p *parser) word(i int) string {
	if i >= 0 && i < len(p.toks) && p.toks[i].kind == tIdent {
		return p.toks[i].val
	}
	return ""
}

// is reports whether the token at i has kind k.
func (p *parser) is(i int, k tokKind) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == k
}

// isOp reports whether the token at i is the operator op.
func (p *parser) isOp(i int, op string) bool {
	return p.is(i, tOp) && p.toks[i].val == op
}

// isName reports whether the token at i can name a table or column.
func (p *parser) isName(i int) bool {
	return p.is(i, tIdent) || p.is(i, tQuoted) || p.is(i, tHole)
}

// skip returns the index after the token at i, or after its whole group
// when it opens one.
func (p *parser) skip(i int) int {
	if m := p.toks[i].match; m > i {
		return m
	}
	return i + 1
}

// inner returns the index just past the content of the group opened at i.
func (p *parser) inner(i int) int {
	t := p.toks[i]
	if t.closed {
		return t.match - 1
	}
	return t.match
}

// wraps reports whether the group opened at a spans exactly to b.
func (p *parser) wraps(a, b int) bool {
	return a < b && (p.is(a, tLParen) || p.is(a, tLBrack)) && p.toks[a].match == b
}

// isSubquery reports whether the tokens from i, just inside a '(',
// start a query. VALUES right inside a function's parentheses is MySQL's
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
		fn := p.is(open-1, tQuoted) || p.is(open-1, tIdent) && !isReserved(p.toks[open-1].val)
		return !fn
	}
	return false
}

// findKw returns the index of the first top-level word w in [a, b), or -1.
// The search stops at a closer of an enclosing group.
func (p *parser) findKw(a, b int, w string) int {
	for i := a; i < b; i = p.skip(i) {
		if p.is(i, tRParen) {
			return -1
		}
		if p.word(i) == w && p.clausePosition(i) {
			return i
		}
	}
	return -1
}

// clauseEnd returns the index of the first top-level token in [a, b) that
// ends a clause: a word for which stop is true, or the closer of an
// enclosing group. It returns b if there is none.
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
// rather than as a column name (offset < $1, t.limit).
func (p *parser) clausePosition(i int) bool {
	if p.is(i-1, tDot) {
		return false
	}
	j := i + 1
	if j >= len(p.toks) {
		return true
	}
	switch p.toks[j].kind {
	case tDot, tComma, tRParen, tSemi:
		return false
	case tOp:
		return compareOp(p.toks[j].val) == ""
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
	end, last = i, -1
	for end < hi && p.isName(end) {
		last, n = end, n+1
		end++
		if end+1 < hi && p.is(end, tDot) && p.isName(end+1) {
			end++
			continue
		}
		break
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
	if end < hi && p.isOp(end, "*") { // PostgreSQL: t * includes inheritors
		end++
	}
	return p.toks[last].val, end
}

// tableAlias reads an optional "[AS] alias" at i and returns the alias and
// the index after it.
func (p *parser) tableAlias(i, hi int) (string, int) {
	if i >= hi {
		return "", i
	}
	if p.word(i) == "as" && i+1 < hi && p.isName(i+1) {
		return p.toks[i+1].val, i + 2
	}
	if p.is(i, tQuoted) || p.is(i, tIdent) && !isReserved(p.toks[i].val) && !isClauseWord(p.toks[i].val) {
		return p.toks[i].val, i + 1
	}
	return "", i
}

// skipWords advances past any of the modifier words for which ok is true.
func (p *parser) skipWords(i, hi int, ok func(string) bool) int {
	for i < hi && ok(p.word(i)) {
		i++
	}
	return i
}

// skipSelectModifiers skips DISTINCT [ON (...)], ALL, TOP n and MySQL's
// modifiers after SELECT.
func (p *parser) skipSelectModifiers(i, hi int) int {
	for i < hi {
		switch w := p.word(i); {
		case w == "distinct" && p.word(i+1) == "on" && p.is(i+2, tLParen):
			i = p.skip(i + 2)
		case w == "top":
			i = p.skipTop(i, hi)
		case isSelectModifier(w):
			i++
		default:
			return i
		}
	}
	return i
}

// skipTop skips SQL Server's TOP (n) [PERCENT] [WITH TIES].
func (p *parser) skipTop(i, hi int) int {
	if p.word(i) != "top" {
		return i
	}
	if i+1 >= hi {
		return hi
	}
	i = p.skip(i + 1)
	if p.word(i) == "percent" {
		i++
	}
	if p.word(i) == "with" && p.word(i+1) == "ties" {
		i += 2
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
	parens := i > lo
	if p.word(i) == "with" {
		i = p.skipWith(i+1, hi)
	}
	switch w := p.word(i); {
	case w == "select" || w == "values" || w == "table" || w == "show":
		p.selectStmt(st, i, hi)
	case parens || i >= hi || w == "":
		// Unknown: a hole, a literal, a parenthesised non-query.
	case w == "insert" || w == "replace" || w == "upsert":
		p.insertStmt(st, i, hi)
	case w == "update":
		p.updateStmt(st, i, hi)
	case w == "delete":
		p.deleteStmt(st, i, hi)
	case w == "merge":
		p.mergeStmt(st, i, hi)
	default:
		st.Kind = Other
	}
	return st
}

// skipWith skips the common table expressions after WITH and returns the
// index of the main statement.
func (p *parser) skipWith(i, hi int) int {
	if p.word(i) == "recursive" {
		i++
	}
	for i < hi && p.isName(i) {
		i++
		if p.is(i, tLParen) {
			i = p.skip(i)
		}
		if p.word(i) != "as" {
			return i
		}
		i++
		if p.word(i) == "not" {
			i++
		}
		if p.word(i) == "materialized" {
			i++
		}
		if !p.is(i, tLParen) {
			return i
		}
		i = p.skip(i)
		// PostgreSQL's SEARCH and CYCLE clauses.
		for i < hi && !p.is(i, tComma) && !isStatementWord(p.word(i)) {
			i = p.skip(i)
		}
		if !p.is(i, tComma) {
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
	i = p.skipSelectModifiers(i+1, hi)
	end := p.clauseEnd(i, hi, isSelectListEnd)
	st.Columns = p.names(i, end)
	from := p.findKw(end, hi, "from")
	if from < 0 {
		return
	}
	if w := p.word(from + 1); w != "lateral" && !p.is(from+1, tLParen) {
		name, next := p.tableName(from+1, hi)
		if !p.is(next, tLParen) {
			st.Table = name
		}
	}
	if w := p.clauseEnd(from+1, hi, isSelectTail); p.word(w) == "where" {
		st.Where = p.boolExpr(w+1, p.clauseEnd(w+1, hi, isWhereEnd), false, nil)
	}
}

// updateStmt describes UPDATE statements.
func (p *parser) updateStmt(st *Statement, i, hi int) {
	st.Kind = Update
	i = p.skipWords(i+1, hi, isUpdateModifier)
	if p.word(i) == "or" { // SQLite: UPDATE OR REPLACE
		i += 2
	}
	i = p.skipTop(i, hi)
	st.Table, i = p.tableName(i, hi)
	p.target = st.Table
	p.alias, i = p.tableAlias(i, hi)
	set := p.findKw(i, hi, "set")
	if set < 0 {
		return
	}
	end := p.clauseEnd(set+1, hi, isSetEnd)
	st.Set = p.assignments(set+1, end)
	if w := p.findKw(end, hi, "where"); w >= 0 {
		st.Where = p.boolExpr(w+1, p.clauseEnd(w+1, hi, isWhereEnd), false, nil)
	}
	st.Returning = p.returning(set, hi)
}

// deleteStmt describes DELETE statements, including MySQL's
// DELETE t FROM t JOIN ... and SQL Server's DELETE t WHERE ....
func (p *parser) deleteStmt(st *Statement, i, hi int) {
	st.Kind = Delete
	i = p.skipWords(i+1, hi, isUpdateModifier)
	i = p.skipTop(i, hi)
	if p.word(i) == "from" {
		i++
	}
	st.Table, i = p.tableName(i, hi)
	p.target = st.Table
	p.alias, i = p.tableAlias(i, hi)
	if w := p.findKw(i, hi, "where"); w >= 0 {
		st.Where = p.boolExpr(w+1, p.clauseEnd(w+1, hi, isWhereEnd), false, nil)
	}
	st.Returning = p.returning(i, hi)
}

// insertStmt describes INSERT, REPLACE and UPSERT statements and their
// ON CONFLICT / ON DUPLICATE KEY UPDATE clauses.
func (p *parser) insertStmt(st *Statement, i, hi int) {
	st.Kind = Insert
	if w := p.word(i); w == "replace" || w == "upsert" {
		st.Kind = Upsert
	}
	i = p.skipWords(i+1, hi, isInsertModifier)
	if p.word(i) == "or" { // SQLite: INSERT OR REPLACE / OR IGNORE
		if p.word(i+1) == "replace" {
			st.Kind = Upsert
		}
		i += 2
	}
	if p.word(i) == "into" {
		i++
	}
	st.Table, i = p.tableName(i, hi)
	p.target = st.Table
	if p.word(i) == "as" && p.isName(i+1) {
		p.alias, i = p.toks[i+1].val, i+2
	}
	if p.is(i, tLParen) && !p.isSubquery(i+1) {
		st.Columns = p.names(i+1, p.inner(i))
		i = p.skip(i)
	}
	if p.word(i) == "set" { // MySQL: INSERT INTO t SET a = 1
		for _, a := range p.assignments(i+1, p.clauseEnd(i+1, hi, isSetEnd)) {
			st.Columns = append(st.Columns, a.Column)
		}
	}
	on := i
	for ; on < hi; on = p.skip(on) {
		if p.is(on, tRParen) {
			on = hi
			break
		}
		if w := p.word(on + 1); p.word(on) == "on" && (w == "conflict" || w == "duplicate") {
			break
		}
	}
	clause := ""
	if on < hi {
		clause = p.word(on + 1)
	}
	switch clause {
	case "conflict":
		p.onConflict(st, on+2, hi)
	case "duplicate":
		if p.word(i) == "values" || p.word(i) == "value" {
			if as := p.findKw(i, on, "as"); as >= 0 && p.isName(as+1) {
				p.rowAlias = p.toks[as+1].val
			}
		}
		st.Kind = Upsert
		set := on + 2
		for set < hi && p.word(set) != "update" {
			set++
		}
		st.Set = p.assignments(set+1, p.clauseEnd(set+1, hi, isSetEnd))
	}
	st.Returning = p.returning(i, hi)
}

// onConflict describes ON CONFLICT [target] DO NOTHING | DO UPDATE SET ...
// [WHERE ...]; i is the index after CONFLICT.
func (p *parser) onConflict(st *Statement, i, hi int) {
	do := p.findKw(i, hi, "do")
	if do < 0 || p.word(do+1) != "update" {
		return
	}
	st.Kind = Upsert
	set := do + 2
	if p.word(set) != "set" {
		return
	}
	end := p.clauseEnd(set+1, hi, isSetEnd)
	st.Set = p.assignments(set+1, end)
	if p.word(end) == "where" {
		st.ConflictWhere = p.boolExpr(end+1, p.clauseEnd(end+1, hi, isWhereEnd), false, nil)
	}
}

// mergeStmt describes MERGE statements. Where collects the conditions of
// WHEN MATCHED AND <cond> clauses that update or delete; when more than
// one clause writes, none of them constrains the statement on its own.
func (p *parser) mergeStmt(st *Statement, i, hi int) {
	st.Kind = Merge
	i = p.skipTop(i+1, hi)
	if p.word(i) == "into" {
		i++
	}
	st.Table, i = p.tableName(i, hi)
	p.target = st.Table
	p.alias, i = p.tableAlias(i, hi)
	writers := 0
	for w := p.findKw(i, hi, "when"); w >= 0; {
		next := p.findKw(w+1, hi, "when")
		end := next
		if next < 0 {
			end = hi
		}
		then := p.findKw(w+1, end, "then")
		if then >= 0 {
			action := p.word(then + 1)
			writes := action == "update" || action == "delete"
			matched := p.word(w+1) == "matched"
			bySource := p.word(w+1) == "not" && p.word(w+2) == "matched" && p.word(w+3) == "by" && p.word(w+4) == "source"
			if writes && (matched || bySource) {
				writers++
			}
			if and := p.findKw(w+1, then, "and"); and >= 0 && matched && writes {
				st.Where = p.boolExpr(and+1, then, false, st.Where)
			}
			if action == "update" && p.word(then+2) == "set" {
				set := then + 3
				st.Set = append(st.Set, p.assignments(set, p.clauseEnd(set, end, isSetEnd))...)
			}
		}
		w = next
	}
	if writers > 1 {
		for k := range st.Where {
			st.Where[k].UnderOr = true
		}
	}
	st.Returning = p.returning(i, hi)
}

// returning returns the names of the RETURNING or OUTPUT list found at the
// top level of [a, hi), or nil.
func (p *parser) returning(a, hi int) []string {
	if r := p.findKw(a, hi, "returning"); r >= 0 {
		return p.names(r+1, p.clauseEnd(r+1, hi, isReturningEnd))
	}
	if o := p.findKw(a, hi, "output"); o >= 0 {
		return p.names(o+1, p.clauseEnd(o+1, hi, isOutputEnd))
	}
	return nil
}

// names returns the name of every comma-separated item in [a, b).
func (p *parser) names(a, b int) []string {
	var out []string
	for s := a; s < b; {
		e := p.nextComma(s, b)
		out = append(out, p.itemName(s, e))
		s = e + 1
	}
	return out
}

// itemName names a select-list, RETURNING or column-list item: its alias,
// else "*" for a star, else its column, else its function, else "".
func (p *parser) itemName(a, b int) string {
	if a >= b {
		return ""
	}
	last := b - 1
	if b-a >= 2 && p.aliasable(last) {
		if p.word(last-1) == "as" || p.endsExpr(last-1) {
			return p.toks[last].val
		}
	}
	if p.isOp(last, "*") {
		return "*"
	}
	op := p.operand(a, b)
	switch op.Kind {
	case Column:
		return op.Column
	case Func:
		return op.Func
	}
	return ""
}

// aliasable reports whether the token at i can be an alias.
func (p *parser) aliasable(i int) bool {
	return p.is(i, tQuoted) || p.is(i, tIdent) && !isReserved(p.toks[i].val)
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

// funcs returns every function called in the text, deduplicated.
func (p *parser) funcs() []string {
	var out []string
	for i, t := range p.toks {
		name := ""
		switch {
		case p.is(i+1, tLParen) && (t.kind == tIdent || t.kind == tQuoted) && p.isCall(i):
			name = t.val
		case t.kind == tIdent && isTimeWord(t.val) && !p.is(i-1, tDot):
			name = t.val
		}
		if name != "" && !contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// isCall reports whether the name at i, followed by '(', calls a function
// rather than naming a table with a column list, a type, a CTE or a
// keyword construct.
func (p *parser) isCall(i int) bool {
	if p.is(i, tIdent) && isNonCallWord(p.toks[i].val) {
		return false
	}
	s := i
	for p.is(s-1, tDot) && p.isName(s-2) {
		s -= 2
	}
	if p.isOp(s-1, "::") || isNameIntroducer(p.word(s-1)) {
		return false
	}
	// WITH name (cols) AS (...)
	after := p.skip(i + 1)
	if p.word(after) == "as" {
		switch {
		case p.is(after+1, tLParen), p.word(after+1) == "not", p.word(after+1) == "materialized":
			return false
		}
	}
	return true
}

// locking reports FOR UPDATE / FOR NO KEY UPDATE (or UPDLOCK/XLOCK hints)
// and SKIP LOCKED (or READPAST) anywhere in the text.
func (p *parser) locking() (forUpdate, skipLocked bool) {
	for i := range p.toks {
		switch p.word(i) {
		case "for":
			if p.word(i+1) == "update" || p.word(i+1) == "no" && p.word(i+2) == "key" && p.word(i+3) == "update" {
				forUpdate = true
			}
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

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
