// Package protocol synthesizes the part of github.com/segmentio/kafka-go/protocol that fencecheck's tests need, with the real signatures.
package protocol

type Header struct {
	Key   string
	Value []byte
}
