// Package errors synthesizes the part of k8s.io/apimachinery/pkg/api/errors
// that fencecheck's tests need, with the real signatures.
package errors

// IsConflict determines if the err is an error which indicates the provided
// update conflicts.
func IsConflict(err error) bool { return false }
