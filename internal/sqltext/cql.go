package sqltext

// CQL (Cassandra) writes read like SQL ones, with two additions: USING
// TTL/TIMESTAMP before SET or after VALUES, which the scanner skips as it
// skips any clause it does not know, and the condition of a lightweight
// transaction, IF EXISTS, IF NOT EXISTS or IF cond [AND cond ...], at the
// end of an UPDATE, DELETE or INSERT. The server evaluates that condition
// atomically with the write, like a WHERE.

// ifClause returns the index of the top-level IF keyword that starts a
// lightweight-transaction condition in [a, hi), or hi when there is none.
// IF followed by '(' is MySQL's IF() function, not a clause.
func (p *parser) ifClause(a, hi int) int {
	for i := a; i < hi; i = p.skip(i) {
		if p.word(i) == "if" && !p.is(i+1, tLParen) && p.clausePosition(i) {
			return i
		}
	}
	return hi
}

// lwtConditions describes the IF clause at index at (hi when there is
// none) of an UPDATE or DELETE: IF EXISTS, or the conditions after IF.
func (p *parser) lwtConditions(st *Statement, at, hi int) {
	if at >= hi {
		return
	}
	switch a := at + 1; {
	case p.word(a) == "exists":
		st.IfExists = true
	case p.word(a) == "not" && p.word(a+1) == "exists":
		st.IfNotExists = true
	default:
		st.If = p.boolExpr(a, p.clauseEnd(a, hi, isClauseEnd), false, nil)
	}
}

// usingTTL reports whether [a, hi) holds a top-level USING clause that
// sets a TTL: USING TTL n, or USING TIMESTAMP t AND TTL n.
func (p *parser) usingTTL(a, hi int) bool {
	using := false
	for i := a; i < hi; i = p.skip(i) {
		switch w := p.word(i); {
		case w == "using":
			using = true
		case w == "ttl" && using && (p.word(i-1) == "using" || p.word(i-1) == "and"):
			return true
		}
	}
	return false
}
