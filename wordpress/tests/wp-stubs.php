<?php
/**
 * The part of WordPress that fc-catalogue's field registry and validation call, as a small
 * in-memory world for the plain-PHP checks: posts (FC_Stub::$posts), post meta, who may do what
 * (FC_Stub::$can), and translation calls that record their text domain (FC_Stub::$domains). Each
 * stub does what WordPress does for the cases the checks use, no more.
 *
 * @package FC_Catalogue
 */

define( 'ABSPATH', __DIR__ . '/no-wordpress/' );
define( 'DAY_IN_SECONDS', 86400 );

final class FC_Stub {
	/** @var array<int, WP_Post> */
	public static array $posts = array();
	/** @var array<int, array<string, mixed>> post id → meta key → value */
	public static array $meta = array();
	/** @var callable(string $cap, int $id): bool what the current user may do */
	public static $can;
	public static int $user = 7;
	/** @var string[] the text domain of every translation call */
	public static array $domains = array();

	public static function reset(): void {
		self::$posts   = array();
		self::$meta    = array();
		self::$can     = static fn() => true;
		self::$domains = array();
	}

	public static function post( int $id, string $type, string $title, string $status = 'publish', int $parent = 0, string $mime = '' ): WP_Post {
		self::$posts[ $id ] = new WP_Post( compact( 'id', 'type', 'title', 'status', 'parent', 'mime' ) );
		return self::$posts[ $id ];
	}
}

final class WP_Post {
	public int $ID;
	public string $post_type;
	public string $post_title;
	public string $post_status;
	public int $post_parent;
	public string $post_mime_type;

	public function __construct( array $f ) {
		$this->ID             = $f['id'];
		$this->post_type      = $f['type'];
		$this->post_title     = $f['title'];
		$this->post_status    = $f['status'];
		$this->post_parent    = $f['parent'];
		$this->post_mime_type = $f['mime'];
	}
}

class WP_Error {
	public function __construct( public string $code = '', public string $message = '', public array $data = array() ) {}

	public function get_error_message(): string {
		return $this->message;
	}
}

function __( string $text, string $domain = 'default' ): string {
	FC_Stub::$domains[] = $domain;
	return $text;
}

function _x( string $text, string $context, string $domain = 'default' ): string {
	return __( $text, $domain );
}

function absint( $value ): int {
	return abs( (int) $value );
}

function sanitize_text_field( string $text ): string {
	return trim( preg_replace( '/[\r\n\t ]+/', ' ', strip_tags( $text ) ) );
}

function sanitize_email( string $email ): string {
	return is_email( $email ) ? $email : '';
}

function is_email( string $email ) {
	return preg_match( '/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i', $email ) ? $email : false;
}

function sanitize_hex_color( string $color ): ?string {
	return preg_match( '/^#([A-Fa-f0-9]{3}){1,2}$/', $color ) ? $color : null;
}

/** WordPress's: an address with a protocol it allows (one without a protocol gets http://), else ''. */
function esc_url_raw( string $url, ?array $protocols = null ): string {
	$url = trim( $url );
	if ( '' === $url ) {
		return '';
	}
	if ( ! preg_match( '/^[a-z][a-z0-9+.-]*:/i', $url ) ) {
		$url = 'http://' . $url;
	}
	$scheme = strtolower( (string) strstr( $url, ':', true ) );
	return in_array( $scheme, $protocols ?? array( 'http', 'https', 'mailto', 'tel' ), true ) ? $url : '';
}

function wp_strip_all_tags( string $text ): string {
	return trim( strip_tags( $text ) );
}

function get_post( $id ): ?WP_Post {
	return FC_Stub::$posts[ (int) $id ] ?? null;
}

function get_post_status( $id ) {
	return isset( FC_Stub::$posts[ (int) $id ] ) ? FC_Stub::$posts[ (int) $id ]->post_status : false;
}

function get_the_title( $post ): string {
	return ( $post instanceof WP_Post ? $post : get_post( $post ) )->post_title ?? '';
}

function get_post_meta( int $id, string $key = '', bool $single = false ) {
	return FC_Stub::$meta[ $id ][ $key ] ?? '';
}

function get_post_thumbnail_id( $post ): int {
	return (int) ( FC_Stub::$meta[ (int) $post ][ '_thumbnail_id' ] ?? 0 );
}

function get_posts( array $args ): array {
	$out = array();
	foreach ( FC_Stub::$posts as $id => $post ) {
		if ( $post->post_type === $args['post_type'] && ( FC_Stub::$meta[ $id ][ $args['meta_key'] ] ?? null ) === $args['meta_value'] ) {
			$out[] = $id;
		}
	}
	return $out;
}

function get_post_type_object( string $type ): ?object {
	$names = array( 'page' => 'Page', 'post' => 'Post', 'attachment' => 'Media' );
	return isset( $names[ $type ] ) ? (object) array( 'labels' => (object) array( 'singular_name' => $names[ $type ] ) ) : null;
}

function wp_attachment_is_image( $post ): bool {
	return str_starts_with( ( $post instanceof WP_Post ? $post : get_post( $post ) )->post_mime_type ?? '', 'image/' );
}

function current_user_can( string $cap, ...$args ): bool {
	return ( FC_Stub::$can )( $cap, (int) ( $args[0] ?? 0 ) );
}

function user_can( int $user, string $cap, ...$args ): bool {
	return $user === FC_Stub::$user && current_user_can( $cap, ...$args );
}

function get_current_user_id(): int {
	return FC_Stub::$user;
}

FC_Stub::reset();
