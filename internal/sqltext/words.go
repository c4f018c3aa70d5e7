package sqltext

// Word classes. All take a lowercased unquoted word.

// isReserved reports whether w is a keyword that cannot be an unquoted
// column name or alias.
func isReserved(w string) bool {
	switch w {
	case "all", "and", "any", "array", "as", "asc", "between", "by", "case",
		"cast", "collate", "cross", "current_date", "current_time",
		"current_timestamp", "current_user", "default", "delete", "desc",
		"distinct", "else", "end", "except", "exists", "false", "for", "from",
		"full", "group", "having", "ilike", "in", "inner", "insert",
		"intersect", "interval", "into", "is", "join", "lateral", "left",
		"like", "limit", "localtime", "localtimestamp", "natural", "not",
		"null", "on", "only", "or", "order", "outer", "returning", "right",
		"select", "session_user", "set", "similar", "some", "table", "then",
		"true", "union", "unknown", "update", "using", "utc_date", "utc_time",
		"utc_timestamp", "values", "when", "where", "with":
		return true
	}
	return false
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
		"ilike", "in", "index", "insert", "intersect", "into", "is", "join", "key",
		"lateral", "like", "limit", "materialized", "not", "nothing", "offset",
		"on", "option", "or", "order", "output", "over", "partition",
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
		"option", "straight_join", "window", "fetch", "offset", "lock":
		return true
	}
	return false
}

// isStatementWord reports whether w starts a data statement.
func isStatementWord(w string) bool {
	switch w {
	case "select", "insert", "update", "delete", "merge", "values", "upsert",
		"replace", "table":
		return true
	}
	return false
}

// isSelectModifier reports whether w is a modifier right after SELECT.
func isSelectModifier(w string) bool {
	switch w {
	case "all", "distinct", "distinctrow", "high_priority", "straight_join",
		"sql_small_result", "sql_big_result", "sql_buffer_result",
		"sql_cache", "sql_no_cache", "sql_calc_found_rows":
		return true
	}
	return false
}

// isUpdateModifier reports whether w is a MySQL modifier right after
// UPDATE or DELETE.
func isUpdateModifier(w string) bool {
	switch w {
	case "low_priority", "ignore", "quick":
		return true
	}
	return false
}

// isInsertModifier reports whether w is a MySQL modifier right after
// INSERT or REPLACE.
func isInsertModifier(w string) bool {
	switch w {
	case "low_priority", "delayed", "high_priority", "ignore":
		return true
	}
	return false
}

// isSelectListEnd reports whether w ends a select list.
func isSelectListEnd(w string) bool {
	switch w {
	case "from", "into", "where", "group", "having", "order", "limit", "union",
		"intersect", "except", "for", "window", "offset", "fetch", "lock",
		"option":
		return true
	}
	return false
}

// isSelectTail reports whether w ends the FROM clause of a SELECT.
func isSelectTail(w string) bool {
	return w != "from" && w != "into" && isSelectListEnd(w) || w == "returning"
}

// isWhereEnd reports whether w ends a WHERE clause.
func isWhereEnd(w string) bool {
	switch w {
	case "returning", "order", "limit", "group", "having", "window", "for",
		"on", "offset", "fetch", "union", "intersect", "except", "output",
		"option", "do", "when", "then", "lock":
		return true
	}
	return false
}

// isSetEnd reports whether w ends a SET list.
func isSetEnd(w string) bool {
	switch w {
	case "from", "where", "returning", "output", "order", "limit", "option",
		"when":
		return true
	}
	return false
}

// isReturningEnd reports whether w ends a RETURNING list.
func isReturningEnd(w string) bool { return w == "into" }

// isOutputEnd reports whether w ends an OUTPUT list.
func isOutputEnd(w string) bool {
	switch w {
	case "into", "from", "where", "values", "select", "default":
		return true
	}
	return false
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

// negated returns the NOT form of a word operator.
func negated(op string) string {
	switch op {
	case "in":
		return "not in"
	case "like":
		return "not like"
	case "between":
		return "not between"
	case "similar to":
		return "not similar to"
	case "regexp":
		return "not regexp"
	case "rlike":
		return "not rlike"
	case "glob":
		return "not glob"
	}
	return op
}
