<?php
/**
 * What the current user may know of an item another item points at (a relation, a hotspot's
 * product, a gallery image). Its title only if they may read it (`read_post`: published items for
 * everyone, drafts and private items for who may edit them); otherwise only its id. A relation's
 * state tells the editing screen why a stored choice is no longer usable: in the trash, deleted,
 * or not published (its title hidden from who may not read it).
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Relations {

	/** Whether the current user may read the item (and so see its title in a message). */
	public static function readable( WP_Post $post ): bool {
		return current_user_can( 'read_post', $post->ID );
	}

	/** “Title” for an item the user may read, “#id” for an untitled one. Only call for readable items. */
	public static function name( WP_Post $post ): string {
		/* translators: %s: the title of an item, e.g. Marea */
		return '' === $post->post_title ? "#{$post->ID}" : sprintf( __( '“%s”', 'fc-catalogue' ), $post->post_title );
	}

	/**
	 * A stored relation as the editing screen shows it: `published`, `draft` (not published yet:
	 * draft, pending, scheduled, private), `trash`, or `missing` (deleted, or not a `$target`);
	 * `title` when the user may read the item.
	 *
	 * @return array{state: string, title?: string}
	 */
	public static function state( int $id, string $target ): array {
		$post = get_post( $id );
		if ( ! $post || $post->post_type !== $target ) {
			return array( 'state' => 'missing' );
		}
		$state = 'publish' === $post->post_status ? 'published' : ( 'trash' === $post->post_status ? 'trash' : 'draft' );
		$out   = array( 'state' => $state );
		if ( self::readable( $post ) ) {
			$out['title'] = wp_strip_all_tags( get_the_title( $post ) );
		}
		return $out;
	}

	/**
	 * The stored relations of a post that are not published, by id, for its editing screen
	 * (published ones are found by the screen's own search).
	 *
	 * @return array<int, array{state: string, title?: string}>
	 */
	public static function unavailable( WP_Post $post ): array {
		$out = array();
		foreach ( FC_Catalogue_Fields::of( $post->post_type ) as $key => $field ) {
			if ( ! isset( $field['target'] ) ) {
				continue;
			}
			foreach ( self::ids( $field['kind'], get_post_meta( $post->ID, $key, true ) ) as $id ) {
				$state = self::state( $id, $field['target'] );
				if ( 'published' !== $state['state'] ) {
					$out[ $id ] = $state;
				}
			}
		}
		return $out;
	}

	/** The ids a relation-like field's value points at. @return int[] */
	public static function ids( string $kind, $value ): array {
		switch ( $kind ) {
			case 'relation':
				return array_filter( array( absint( $value ) ) );
			case 'relations':
				return FC_Catalogue_Model::ids( $value );
			case 'hotspots':
				return FC_Catalogue_Model::ids( array_map( static fn( $spot ) => is_array( $spot ) ? ( $spot['product'] ?? 0 ) : 0, is_array( $value ) ? $value : array() ) );
		}
		return array();
	}
}
