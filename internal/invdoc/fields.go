// Package invdoc is the lease inventory as a document: the fields the
// fencecheck_inventory pass writes into its diagnostics, and what the
// standalone driver builds from them: the inventory as text, as JSON
// (the structure the schema in this package describes), and the answer to
// "why is the write at this line silent".
//
// The pass reports one diagnostic per lease scope and one per call judged
// (or not judged) under one, in the category "inventory". A diagnostic's
// message is for people; its data travels in its related positions, each
// with a message "FIELD: VALUE" (the fields below), so that go vet's JSON
// carries it unchanged from the analysis process to the driver.
package invdoc

import "strings"

// Category is the category of every inventory diagnostic.
const Category = "inventory"

// ScopePrefix begins the message of a scope's diagnostic.
const ScopePrefix = "lease scope: "

// The fields of a scope's diagnostic.
const (
	FieldKind       = "kind"       // acquisition, handler, carrier, receive or foreign
	FieldFunc       = "func"       // the function it begins in (also of a call)
	FieldRecognised = "recognised" // "BY: HOW"
	FieldToken      = "token"      // the token expression, at its position
	FieldTokenFrom  = "token_from" // where the token comes from
	FieldKey        = "key"        // the key expression, at its position
	FieldKeyFrom    = "key_from"   // where the key comes from
	FieldEnds       = "ends"       // one per end of the scope, at its position
)

// The fields of a call's diagnostic.
const (
	FieldScope   = "scope"   // the scope it was judged under, at its beginning
	FieldAlso    = "also"    // another scope that reaches it, at its beginning
	FieldStep    = "step"    // a step of its path, in order
	FieldVerdict = "verdict" // the judgement (see Verdicts)
	FieldRule    = "rule"    // the rule that reports it
	FieldGuard   = "guard"   // none, state, token, transaction or helper
	FieldReason  = "reason"  // why
	FieldCallee  = "callee"  // the called function or API
	FieldSubject = "subject" // the call described as findings describe it
	FieldIgnored = "ignored" // the reason of the //fencecheck:ignore that suppresses its finding
	FieldJudges  = "judges"  // for a conversion, the call of another package it judges ("file:line:col")
)

// Verdicts are the judgements a call can get, in the order of the
// model's: a rule reports it; the sink rejects a late writer by a token;
// the sink holds the lock; idempotent; a cleanup; not a write; not judged;
// outside any scope.
var Verdicts = []string{"reported", "fenced", "lock", "idempotent", "cleanup", "notwrite", "unjudged", "unscoped"}

// Field renders a related message of a field.
func Field(name, value string) string { return name + ": " + value }

// SplitField splits a related message into its field and value; ok is
// false for a message that is not a field.
func SplitField(msg string) (name, value string, ok bool) {
	name, value, ok = strings.Cut(msg, ": ")
	if !ok || name == "" || strings.ContainsAny(name, " ") {
		return "", "", false
	}
	return name, value, true
}
