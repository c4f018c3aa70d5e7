// Package vocab is the vocabulary fencecheck reads column and field names
// with: which names hold a fencing token, who holds a lease or until when,
// and a job's state. A name is split on '_' and each part is looked up,
// so "fence_token", "lease_until" and "locked_by" all match; Column turns
// a camel-case field path into that form first.
package vocab

import (
	"strings"
	"unicode"
)

// columnHas reports whether one of column's '_'-separated parts is in set.
func columnHas(column string, set map[string]bool) bool {
	for _, part := range strings.Split(column, "_") {
		if set[part] {
			return true
		}
	}
	return false
}

// Column-name vocabulary of expiries: a lease column named with one of
// these words records until when the lease runs, not who holds it.
var expiryWords = Words("expire expires expiry expiration until deadline timeout ttl heartbeat visible visibility invisible")

// IsExpiryColumn reports whether a column records until when a lease runs.
func IsExpiryColumn(c string) bool { return columnHas(c, expiryWords) }

// IsHolderColumn reports whether a column records who holds a lease, or
// a token of the holding: an equality with a parameter on it is an owner
// check.
func IsHolderColumn(c string) bool {
	return IsLeaseColumn(c) && !IsExpiryColumn(c) || IsTokenColumn(c)
}

// IsIdentifierColumn reports whether a column names an identifier (id,
// job_id, version_id): never a token.
func IsIdentifierColumn(c string) bool { return c == "id" || strings.HasSuffix(c, "_id") }

// IsLeaseColumn reports whether a column records who holds a lease or until
// when.
func IsLeaseColumn(c string) bool { return columnHas(c, leaseWords) }

// IsStateColumn reports whether a column records a job's state.
func IsStateColumn(c string) bool { return columnHas(c, stateWords) }

// IsTokenColumn reports whether a column holds a fencing token or version.
// Identifiers (id, version_id) never do.
func IsTokenColumn(c string) bool {
	return !IsIdentifierColumn(c) && (columnHas(c, tokenWords) || strings.Contains(c, "fenc"))
}

// Column-name vocabularies. A column name is split on '_' and each part is
// looked up, so "fence_token", "lease_until" and "locked_by" all match.
var (
	tokenWords = Words("fence fencing token epoch generation gen term rev revision version seq sequence attempt")
	leaseWords = Words("lease leased lock locked visible visibility invisible claim claimed owner owned expire expires expiry heartbeat worker holder leader")
	stateWords = Words("state status phase stage")
)

// claimedStates are the words of a job state that says a worker has
// taken the row and is running it. States that other kinds of rows also
// take (active, locked, reserved, processing, in_progress) are left out:
// moving an account, a seat, an order or a ticket into them is no lease.
var claimedStates = Words("running claimed started executing leased picked dequeued acquired")

// IsClaimedState reports whether a state value (a SQL literal such as
// 'running' or 'job_claimed', quotes allowed) says that a worker holds the
// row.
func IsClaimedState(value string) bool {
	v := strings.ToLower(strings.Trim(strings.TrimSpace(value), `'"`))
	if v == "" {
		return false
	}
	claimed := false
	for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == '_' || r == '-' || r == ' ' }) {
		if notYet[part] {
			return false // not_started, pending_run
		}
		claimed = claimed || claimedStates[part]
	}
	return claimed
}

// notYet are the words that turn a claimed state into one before it.
var notYet = Words("not pre un awaiting await pending waiting wait to before")

// Words returns the set of space-separated words.
func Words(s string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// Column turns a document field path into the column-style name the
// vocabularies match: its last component, camel case split with '_' and
// lower-cased ("lease.fenceToken" gives "fence_token").
func Column(field string) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	var b strings.Builder
	rs := []rune(field)
	for i, r := range rs {
		if unicode.IsUpper(r) && i > 0 && (unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) && rs[i-1] != '_' {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
