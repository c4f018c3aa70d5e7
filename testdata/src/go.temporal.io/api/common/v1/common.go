// Package common is a stub of go.temporal.io/api/common/v1: a payload.
package common

// Payload is an encoded value.
type Payload struct {
	Metadata map[string][]byte
	Data     []byte
}

// GetData returns the encoded bytes.
func (p *Payload) GetData() []byte {
	if p == nil {
		return nil
	}
	return p.Data
}
