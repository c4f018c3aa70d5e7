// Package primitive synthesizes the part of go.mongodb.org/mongo-driver/bson/primitive that fencecheck's tests need, with the real signatures.
package primitive

type D []E

type E struct {
	Key   string
	Value interface{}
}

type M map[string]interface{}

type A []interface{}
