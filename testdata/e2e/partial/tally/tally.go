// Package tally does not compile.
package tally

// Count returns a string where an int is declared.
func Count() int { return "many" }
