// Package uuid synthesizes the part of github.com/google/uuid that
// fencecheck's tests need, with the real signatures.
package uuid

// UUID is a 128-bit UUID.
type UUID [16]byte

// New returns a random UUID.
func New() UUID { return UUID{} }

// NewString returns a random UUID as a string.
func NewString() string { return "" }

// ID returns the time-low part of the UUID.
func (uuid UUID) ID() uint32 { return 0 }
