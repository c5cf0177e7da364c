<?php
/**
 * Signatures shared with the site (plain PHP, no WordPress): the webhook's
 * `X-FC-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">` and the preview link's
 * `sig` (hex HMAC-SHA256 of "preview.<type>.<id>.<exp>"), both keyed with the shared secret.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || defined( 'FC_HEADLESS_TESTING' ) || exit;

final class FC_Headless_Signer {

	/** The site rejects webhook timestamps further than this from its clock. */
	const WEBHOOK_TOLERANCE = 300;

	/** `sha256=<hex>` for a webhook body sent at `$timestamp`. */
	public static function webhook_signature( string $secret, int $timestamp, string $body ): string {
		return 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $body, $secret );
	}

	/** The two headers of a webhook delivery, signed now (every retry signs afresh). */
	public static function webhook_headers( string $secret, string $body, int $now ): array {
		return array(
			'Content-Type'   => 'application/json',
			'X-FC-Timestamp' => (string) $now,
			'X-FC-Signature' => self::webhook_signature( $secret, $now, $body ),
		);
	}

	/** What the site checks: the right signature over a timestamp within the tolerance. */
	public static function verify_webhook( string $secret, string $timestamp, string $signature, string $body, int $now ): bool {
		if ( '' === $secret || ! preg_match( '/^\d{1,12}$/', $timestamp ) ) {
			return false;
		}
		if ( abs( $now - (int) $timestamp ) > self::WEBHOOK_TOLERANCE ) {
			return false;
		}
		return hash_equals( self::webhook_signature( $secret, (int) $timestamp, $body ), $signature );
	}

	/** The preview link's signature: hex HMAC-SHA256 of "preview.<type>.<id>.<exp>". */
	public static function preview_signature( string $secret, string $type, int $id, int $expires ): string {
		return hash_hmac( 'sha256', "preview.{$type}.{$id}.{$expires}", $secret );
	}

	/**
	 * Checks a preview link's `exp` and `sig`: 'ok', 'missing' (no signature or expiry given),
	 * 'expired', or 'invalid' (wrong signature, or an expiry further ahead than a link is made for).
	 */
	public static function check_preview( string $secret, string $type, int $id, $expires, $signature, int $now, int $ttl ): string {
		if ( '' === (string) $signature || '' === (string) $expires ) {
			return 'missing';
		}
		if ( '' === $secret || ! preg_match( '/^\d{1,12}$/', (string) $expires ) || ! preg_match( '/^[0-9a-f]{64}$/', (string) $signature ) ) {
			return 'invalid';
		}
		if ( ! hash_equals( self::preview_signature( $secret, $type, $id, (int) $expires ), (string) $signature ) ) {
			return 'invalid';
		}
		if ( (int) $expires < $now ) {
			return 'expired';
		}
		if ( (int) $expires > $now + $ttl + 60 ) {
			return 'invalid';
		}
		return 'ok';
	}
}
