// Package bson synthesizes the part of go.mongodb.org/mongo-driver/v2/bson that fencecheck's tests need, with the real signatures.
package bson

type D []E

type E struct {
	Key   string
	Value any
}

type M map[string]any

type A []any

type Raw []byte
