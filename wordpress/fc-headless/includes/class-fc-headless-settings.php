<?php
/**
 * Where the plugin's settings come from: wp-config.php constants first (FC_HEADLESS_SITE_URLS,
 * FC_HEADLESS_SECRET, FC_HEADLESS_PUBLIC_URL), the settings page (Settings → FC Headless) when a
 * constant is not defined; tuning constants (FC_HEADLESS_RETRY_SECONDS, FC_HEADLESS_MAX_ATTEMPTS,
 * FC_HEADLESS_TIMEOUT, FC_HEADLESS_PREVIEW_TTL) have defaults.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || exit;

final class FC_Headless_Settings {

	const OPTION = 'fc_headless_settings';

	/** Site base URLs to notify, without trailing slashes, each once. */
	public static function site_urls(): array {
		$raw = defined( 'FC_HEADLESS_SITE_URLS' ) ? (string) FC_HEADLESS_SITE_URLS : (string) ( self::stored()['site_urls'] ?? '' );
		return self::parse_urls( $raw );
	}

	/** A comma or newline separated list of http(s) URLs → clean list. */
	public static function parse_urls( string $raw ): array {
		$urls = array();
		foreach ( preg_split( '/[\s,]+/', $raw ) as $url ) {
			$url = rtrim( trim( $url ), '/' );
			if ( '' !== $url && preg_match( '#^https?://[^/\s]+#i', $url ) && ! in_array( $url, $urls, true ) ) {
				$urls[] = $url;
			}
		}
		return $urls;
	}

	public static function secret(): string {
		return defined( 'FC_HEADLESS_SECRET' ) ? (string) FC_HEADLESS_SECRET : (string) ( self::stored()['secret'] ?? '' );
	}

	/** The public site, for "View" links and previews: FC_HEADLESS_PUBLIC_URL, else the first site URL. */
	public static function public_url(): string {
		$url = defined( 'FC_HEADLESS_PUBLIC_URL' ) ? (string) FC_HEADLESS_PUBLIC_URL : (string) ( self::stored()['public_url'] ?? '' );
		$url = self::parse_urls( $url );
		if ( $url ) {
			return $url[0];
		}
		$sites = self::site_urls();
		return $sites[0] ?? '';
	}

	public static function retry_seconds(): int {
		return defined( 'FC_HEADLESS_RETRY_SECONDS' ) ? max( 1, (int) FC_HEADLESS_RETRY_SECONDS ) : 60;
	}

	public static function max_attempts(): int {
		return defined( 'FC_HEADLESS_MAX_ATTEMPTS' ) ? max( 1, (int) FC_HEADLESS_MAX_ATTEMPTS ) : 3;
	}

	/** Seconds one delivery may take (it blocks the end of the editor's request or the cron run). */
	public static function timeout(): float {
		return defined( 'FC_HEADLESS_TIMEOUT' ) ? max( 0.5, (float) FC_HEADLESS_TIMEOUT ) : 5.0;
	}

	public static function preview_ttl(): int {
		return defined( 'FC_HEADLESS_PREVIEW_TTL' ) ? max( 30, (int) FC_HEADLESS_PREVIEW_TTL ) : 900;
	}

	public static function is_configured(): bool {
		return '' !== self::secret() && array() !== self::site_urls();
	}

	/** Whether a setting is fixed by a wp-config.php constant (the page then only shows it). */
	public static function is_constant( string $name ): bool {
		$map = array(
			'site_urls'  => 'FC_HEADLESS_SITE_URLS',
			'secret'     => 'FC_HEADLESS_SECRET',
			'public_url' => 'FC_HEADLESS_PUBLIC_URL',
		);
		return isset( $map[ $name ] ) && defined( $map[ $name ] );
	}

	public static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		return is_array( $stored ) ? $stored : array();
	}

	/** sanitize_callback of the option. */
	public static function sanitize( $input ): array {
		$input = is_array( $input ) ? $input : array();
		$old   = self::stored();
		$out   = array(
			'site_urls'  => implode( "\n", self::parse_urls( (string) ( $input['site_urls'] ?? '' ) ) ),
			'public_url' => implode( '', array_slice( self::parse_urls( (string) ( $input['public_url'] ?? '' ) ), 0, 1 ) ),
			// An empty secret field keeps the stored secret (it is never shown again).
			'secret'     => '' !== trim( (string) ( $input['secret'] ?? '' ) ) ? trim( (string) $input['secret'] ) : (string) ( $old['secret'] ?? '' ),
		);
		return $out;
	}
}
