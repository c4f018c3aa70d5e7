package sqltext

// Word classes. All take a lowercased unquoted word.

// isReserved reports whether w is a keyword that cannot be an unquoted
// column name or alias.
func isReserved(w string) bool {
	switch w {
	case "all", "and", "any", "array", "as", "asc", "between", "by", "case",
		"cast", "collate", "cross", "default", "delete", "desc", "distinct",
		"else", "end", "except", "exists", "false", "for", "from", "full",
		"group", "having", "ilike", "in", "inner", "insert", "intersect",
		"interval", "into", "is", "join", "lateral", "left", "like", "limit",
		"natural", "not", "null", "on", "only", "or", "order", "outer",
		"returning", "right", "select", "set", "similar", "some", "table",
		"then", "true", "union", "unknown", "update", "using", "values",
		"when", "where", "with":
		return true
	}
	return isTimeWord(w)
}

// isLiteralWord reports whether w is a keyword literal.
func isLiteralWord(w string) bool {
	switch w {
	case "null", "true", "false", "unknown", "default":
		return true
	}
	return false
}

// isTimeWord reports whether w is a niladic function written without
// parentheses, such as CURRENT_TIMESTAMP.
func isTimeWord(w string) bool {
	switch w {
	case "current_timestamp", "current_date", "current_time", "localtimestamp",
		"localtime", "current_user", "session_user", "utc_timestamp",
		"utc_date", "utc_time":
		return true
	}
	return false
}

// isTypedLiteral reports whether w followed by a string is a typed
// literal: INTERVAL '1 day', DATE '2024-01-01'.
func isTypedLiteral(w string) bool {
	switch w {
	case "interval", "date", "time", "timestamp", "timestamptz":
		return true
	}
	return false
}

// isNonCallWord reports whether w followed by '(' is a keyword construct
// rather than a function call.
func isNonCallWord(w string) bool {
	switch w {
	case "all", "and", "any", "array", "as", "between", "by", "case", "cast",
		"check", "conflict", "constraint", "distinct", "do", "else", "end",
		"except", "exists", "filter", "foreign", "from", "group", "having",
		"ilike", "in", "index", "insert", "intersect", "into", "is", "join",
		"key", "lateral", "like", "limit", "materialized", "not", "nothing",
		"offset", "on", "option", "or", "order", "output", "over", "partition",
		"primary", "recursive", "references", "returning", "row", "select",
		"set", "some", "table", "tablesample", "then", "top", "union",
		"unique", "update", "using", "values", "when", "where", "window",
		"with", "within":
		return true
	}
	return false
}

// isNameIntroducer reports whether a name after w, even when followed by
// '(', names a table, type or routine rather than calling a function.
func isNameIntroducer(w string) bool {
	switch w {
	case "into", "table", "references", "as", "index", "exists", "insert",
		"upsert", "view", "function", "procedure", "trigger", "type":
		return true
	}
	return false
}

// isClauseWord reports whether w, after a table name, starts a clause
// rather than naming an alias.
func isClauseWord(w string) bool {
	switch w {
	case "set", "output", "use", "force", "ignore", "partition", "tablesample",
		"option", "straight_join", "window", "fetch", "offset", "lock", "value":
		return true
	}
	return false
}

// isModifier reports whether w is a modifier right after SELECT (when
// sel), or after MySQL's UPDATE, DELETE, INSERT or REPLACE.
func isModifier(w string, sel bool) bool {
	switch w {
	case "low_priority", "quick", "delayed", "ignore":
		return !sel
	case "all", "distinct", "distinctrow", "straight_join", "sql_cache",
		"sql_small_result", "sql_big_result", "sql_buffer_result",
		"sql_no_cache", "sql_calc_found_rows":
		return sel
	}
	return w == "high_priority"
}

// isClauseEnd reports whether w, as a keyword, ends a select list, a SET
// list, a RETURNING list or a FROM clause.
func isClauseEnd(w string) bool {
	switch w {
	case "from", "into", "where", "group", "having", "order", "limit", "union",
		"intersect", "except", "for", "window", "offset", "fetch", "lock",
		"option", "returning", "output", "do", "when", "then":
		return true
	}
	return false
}

// isFromEnd reports whether w ends a FROM clause (and so starts WHERE,
// GROUP BY, ...).
func isFromEnd(w string) bool { return w != "from" && isClauseEnd(w) }

// isWhereEnd reports whether w ends a WHERE clause: like FROM, or at
// ON CONFLICT / ON DUPLICATE KEY.
func isWhereEnd(w string) bool { return w == "on" || isFromEnd(w) }

// isOutputEnd reports whether w ends SQL Server's OUTPUT list.
func isOutputEnd(w string) bool {
	return w == "values" || w == "select" || w == "default" || isClauseEnd(w)
}

// isPredicateWord reports whether w makes an expression a condition.
func isPredicateWord(w string) bool {
	switch w {
	case "and", "or", "not", "is", "in", "like", "ilike", "between", "similar",
		"regexp", "rlike", "glob":
		return true
	}
	return false
}

// compareOp returns the normalised comparison for an operator, or "".
func compareOp(op string) string {
	switch op {
	case "=", "==", "<=>":
		return "="
	case "<>", "!=":
		return "<>"
	case "<", "<=", ">", ">=":
		return op
	}
	return ""
}

// isPredicateOp reports whether op is a non-comparison operator that
// yields a boolean (containment, regular expressions, JSON key tests).
func isPredicateOp(op string) bool {
	switch op {
	case "~", "~*", "!~", "!~*", "@>", "<@", "&&", "?", "?|", "?&", "@@", "-|-":
		return true
	}
	return false
}
